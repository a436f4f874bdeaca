import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { type EncodedBytes, sendEncoded } from './compression';

declare module 'fastify' {
  interface FastifyInstance {
    /** sends the SPA's index.html (history fallback); present only when the built app exists */
    webIndex?: (reply: FastifyReply) => FastifyReply;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const defaultWebDist = () => path.join(repoRoot, 'apps/web/dist');
/** the built app's page (it may not exist) */
export const webIndexFile = (config: Config) => path.join(path.resolve(config.WEB_DIST ?? defaultWebDist()), 'index.html');

/** Hashed build output never changes under its name; everything else must be revalidated. */
export function cacheControlFor(file: string): string {
  // a file's .br/.gz (written beside it at build) is cached as the file itself
  const rel = file.replace(/\\/g, '/').replace(/\.(?:br|gz)$/, '');
  return /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Settings the web app reads at run time, so changing them needs a restart, not a rebuild: written
 * into the page's head as <meta name="nns:…"> tags (no inline script, nothing to loosen in a CSP).
 */
export function runtimeMeta(config: Config): string {
  const settings: Record<string, string> = { 'nns:map-tile-url': config.MAP_TILE_URL };
  return Object.entries(settings)
    .map(([name, content]) => `<meta name="${name}" content="${escapeAttr(content)}" />`)
    .join('');
}

/** The page with the run-time settings before </head>. */
export function withRuntimeMeta(html: Buffer, config: Config): Buffer {
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  return at < 0 ? html : Buffer.from(`${text.slice(0, at)}${runtimeMeta(config)}${text.slice(at)}`);
}

/**
 * Serves the built admin app (apps/web/dist, or WEB_DIST) when it exists. Unknown non-API GETs are
 * answered with index.html by the app's notFound handler through `app.webIndex`.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const dist = path.resolve(config.WEB_DIST ?? defaultWebDist());
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` to serve the admin screens');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: false,
    // files are looked up per request, so a rebuild is served without a restart; one route, /*
    // (WEB_FILES_ROUTE: core/compression.ts keeps per-request compression off it)
    wildcard: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // the build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): sent as the
    // request's Accept-Encoding prefers, with their own length and ETag (send's tag is of the file sent)
    preCompressed: config.HTTP_COMPRESSION !== 'off',
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControlFor(file));
      res.setHeader('x-content-type-options', 'nosniff');
      if (config.HTTP_COMPRESSION !== 'off') res.setHeader('vary', 'Accept-Encoding');
    },
  });

  // the root is the app too (/ leads to /admin/home inside it)
  app.get('/', (_req, reply) => app.webIndex?.(reply));

  // the page with its compressed forms, made once per build (sendEncoded keeps them here)
  let cached: (EncodedBytes & { mtime: number }) | null = null;
  const readIndex = (): EncodedBytes | null => {
    try {
      const mtime = fs.statSync(indexFile).mtimeMs;
      if (!cached || cached.mtime !== mtime) cached = { mtime, body: withRuntimeMeta(fs.readFileSync(indexFile), config) };
    } catch {
      // a rebuild is replacing dist: keep answering with the last page read, if any
    }
    return cached;
  };
  app.decorate('webIndex', (reply: FastifyReply) => {
    // a missing file (e.g. a chunk of an older build) must not be answered with the page itself
    if (looksLikeFile(reply.request.url)) {
      return reply.code(404).header('cache-control', 'no-cache').send({ code: 404, message: 'Không tìm thấy tệp', data: null });
    }
    const body = readIndex();
    if (!body) {
      return reply
        .code(503)
        .header('retry-after', '10')
        .send({ code: 503, message: 'Giao diện quản trị đang được cập nhật, vui lòng thử lại sau ít phút', data: null });
    }
    reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
    return sendEncoded(reply.request, reply, config, body);
  });
}

/** /assets/… or a path whose last segment has a file extension. */
export function looksLikeFile(url: string): boolean {
  const p = url.split('?')[0];
  return p.startsWith('/assets/') || /\/[^/]+\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|json|txt|xml)$/i.test(p);
}
