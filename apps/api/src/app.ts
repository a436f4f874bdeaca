import path from 'node:path';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Config, loadConfig, trustProxyOption } from './config';
import { writeAudit } from './core/audit';
import { registerCompression } from './core/compression';
import { envelope } from './core/errors';
import { installExtensions } from './core/extensions';
import { registerJobRoutes } from './core/jobs';
import { afterMigrate, seedDemo as seedModules, startModules } from './core/lifecycle';
import { createMailer } from './core/mail';
import type { Router } from './core/module';
import { buildOpenApi } from './core/openapi';
import { registerPlatformRoutes } from './core/platform-routes';
import { registerRealtime } from './core/realtime';
import { registerRequestLog } from './core/request-log';
import { registerResources } from './core/resource-engine';
import { clientErrorToSocket, createRouter, errorToReply, frameworkErrorToReply, type RouteTable } from './core/router';
import { requestLogFields } from './core/secret-path';
import { registerSecurityHeaders } from './core/security-headers';
import { seedPlatform } from './core/seed-platform';
import type { Services } from './core/services';
import { registerDrain } from './core/shutdown';
import { registerWeb, webIndexFile } from './core/web';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { exec } from './db/sql';
import { openStorage } from './lib/open-storage';
import { modules } from './modules/registry';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: RouteTable;
    router: Router;
  }
}

export interface BuildOptions {
  config?: Partial<Config>;
  env?: Record<string, string | undefined>;
  /** an already open database (tests share one); otherwise opened from the configuration */
  database?: Database;
  logger?: boolean;
  /** where the log goes instead of stdout (tests read it) */
  logStream?: { write(line: string): void };
}

export interface Built {
  app: FastifyInstance;
  /** set when the database was new and no ADMIN_PASSWORD was given */
  generatedAdminPassword?: string;
  freshDatabase: boolean;
}

export async function buildApp(o: BuildOptions = {}): Promise<Built> {
  const config = loadConfig(o.env ?? process.env, o.config);
  const app = Fastify({
    logger:
      o.logger === false
        ? false
        : // request lines name secret path params (reset tokens) by name, not value
          {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestLogFields },
            ...(o.logStream ? { stream: o.logStream } : {}),
          },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // one line per request at most (core/request-log.ts), not Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // the drain (core/shutdown.ts) answers requests during a shutdown, in Vietnamese
    return503OnClosing: false,
    // the router's and Node's own refusals (bad %-encoding, over-long parameter, 431) in the envelope, in Vietnamese
    frameworkErrors: frameworkErrorToReply,
    clientErrorHandler: clientErrorToSocket,
  });
  const database =
    o.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dir: path.join(config.dataDir, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
      sharedReads: config.DATABASE_SHARED_READS === 'yes',
    }));
  let generatedAdminPassword: string | undefined;
  const { fresh } = await migrate(database, async (tx) => {
    generatedAdminPassword = (await seedPlatform(tx, config.ADMIN_PASSWORD)).generatedPassword;
    // what modules keep current with the schema (the national list of administrative units), in the same transaction
    await afterMigrate(modules, tx, { config, log: app.log });
  });
  const storage = await openStorage(config);
  const services: Services = {
    config,
    database,
    db: database.db,
    log: app.log,
    mail: createMailer(database.db, config.SMTP_URL, config.MAIL_FROM, app.log),
    storage,
  };
  const routeTable: RouteTable = [];
  app.decorate('services', services);
  app.decorate('routeTable', routeTable);
  app.decorateRequest('user', null);
  app.decorateRequest('audited', false);
  registerRequestLog(app);
  // before any route: every answer (API, page, file, 404) carries the headers
  await registerSecurityHeaders(app, config, webIndexFile(config));
  // a shutdown answers new requests 503 (server.ts, core/shutdown.ts)
  registerDrain(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20 } });
  await registerRealtime(app, services);
  await registerCompression(app, config); // before the routes: it hooks each route as added (core/compression.ts)
  app.setErrorHandler((err, req, reply) => errorToReply(err, req, reply));
  const router = createRouter(app, services, routeTable);
  app.decorate('router', router);

  // a safety net: a change that its handler did not audit still leaves a row
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || req.audited || !req.user) return;
    if (!req.routeOptions.url?.startsWith('/api/admin')) return;
    try {
      await writeAudit(services.db, req, { action: req.method.toLowerCase(), subject: req.routeOptions.url ?? '' }, reply.statusCode);
    } catch (err) {
      req.log.error({ err }, 'audit failed');
    }
  });

  registerPlatformRoutes(router, services);
  registerJobRoutes(router, services);
  // what modules declare on resources, composed once; the runtime resolves it on every write
  installExtensions(modules);
  registerResources(router, services);
  for (const m of modules) m.routes?.(router, services);
  // background work once ready (the job queue, the notification due-check, then each module's `start`), stopped at close
  startModules(app, services, modules);

  // the API's contract, from the same zod schemas that validate requests
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApi(routeTable) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none', deepLinking: true } });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !app.hasDecorator('webIndex')) {
      return reply.code(404).send(envelope(404, 'Không tìm thấy đường dẫn yêu cầu'));
    }
    return (app as unknown as { webIndex(r: typeof reply): unknown }).webIndex(reply);
  });
  await registerWeb(app, config);
  app.addHook('onClose', async () => {
    storage.close();
    if (!o.database) await database.close();
  });
  return { app, generatedAdminPassword, freshDatabase: fresh };
}

/** The modules' demo data (npm start on a new database; tests): throws DemoSeedError at the first seed that fails. */
export const seedDemo = (services: Services) => seedModules(modules, services);

/** What the modules add to the block `npm start` prints once listening (server.ts). */
export async function bannerLines(services: Services): Promise<string[]> {
  const lines: string[] = [];
  for (const m of modules) {
    const text = await m.banner?.(services);
    if (text) lines.push(text);
  }
  return lines;
}

export async function databaseReachable(s: Services): Promise<boolean> {
  try {
    await exec(s.db, sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
