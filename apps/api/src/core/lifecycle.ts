import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { orderModules } from './extensions';
import { startJobs } from './jobs';
import type { ServerModule, Stop } from './module';
import { startNotificationScheduler } from './notify';
import type { Services } from './services';

/**
 * What modules do beside their routes, run by the app for every module alike (app.ts names none):
 * work after the migrations, background jobs from start to close, demo data. Modules run in the
 * order their `after` declarations give (core/extensions.ts `orderModules`).
 */

/** The platform's own background work (the job queue, the notification due-check): started before any module's, stopped after. */
const platform: ServerModule = {
  name: 'platform',
  start(s) {
    const stops = [startNotificationScheduler(s), startJobs(s)];
    return async () => {
      for (const stop of stops.reverse()) await stop();
    };
  },
};

/** Runs the modules' `afterMigrate` in the migrations' transaction. */
export async function afterMigrate(modules: readonly ServerModule[], tx: Db, at: { config: Config; log: FastifyBaseLogger }) {
  for (const m of orderModules(modules)) await m.afterMigrate?.(tx, at);
}

/**
 * Starts the platform's and the modules' background work once the app is ready, each in turn, and
 * stops it at close in the reverse order (`platformWork`: the platform's own, first; a test of the
 * mechanism alone passes none). preClose, not onClose: the database closes in an onClose
 * hook, and a job under way must finish before that.
 */
export function startModules(app: FastifyInstance, services: Services, modules: readonly ServerModule[], platformWork: readonly ServerModule[] = [platform]) {
  const ordered = [...platformWork, ...orderModules(modules)];
  const stops: { name: string; stop: Stop }[] = [];
  let closing = false;
  app.addHook('onReady', async () => {
    for (const m of ordered) {
      if (!m.start || closing) continue;
      let stop: Stop | undefined;
      try {
        stop = (await m.start(services, app)) ?? undefined;
      } catch (err) {
        throw new Error(`Mô-đun "${m.name}" không khởi động được (start): ${(err as Error).message}`, { cause: err });
      }
      if (stop) stops.push({ name: m.name, stop });
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const { name, stop } of stops.reverse()) {
      // one that fails to stop does not keep the others running
      await Promise.resolve()
        .then(stop)
        .catch((err) => services.log.error({ err, module: name }, 'module stop failed'));
    }
    stops.length = 0;
  });
}

/** A demo seed that failed: names the module, keeps the error. */
export class DemoSeedError extends Error {
  constructor(
    readonly module: string,
    readonly cause: unknown,
  ) {
    super(`Không tạo được dữ liệu mẫu: mô-đun "${module}" lỗi (seedDemo): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DemoSeedError';
  }
}

/**
 * Demo data in Vietnamese for a new database: each module seeds its own registers, after the modules
 * its `after` names. The first failure stops here (DemoSeedError): later seeds would stand on a half.
 */
export async function seedDemo(modules: readonly ServerModule[], services: Services) {
  for (const m of orderModules(modules)) {
    if (!m.seedDemo) continue;
    try {
      await m.seedDemo(services);
    } catch (err) {
      throw new DemoSeedError(m.name, err);
    }
  }
}
