import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** the route of the built web app's files (core/web.ts registers @fastify/static with prefix / and wildcard) */
export const WEB_FILES_ROUTE = '/*';

/** Answers smaller than this are sent as they are: headers and the codec's own frame would eat the gain. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli at quality 4: close to gzip -6 in time, smaller than it on JSON and HTML; 11 is for files
 * compressed once at build (apps/web/vite.config.ts), far too slow per request.
 */
const BROTLI_DYNAMIC = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_DYNAMIC = { level: 6 };

/**
 * Text the server writes: HTML, JSON, JavaScript, CSS, SVG, CSV, XML. Never text/event-stream (a
 * codec would hold each event back until its buffer fills), never the already-compressed downloads
 * (xlsx, pdf, zip, images) nor application/octet-stream.
 */
const COMPRESSIBLE = /^(?:text\/(?:html|plain|css|csv|javascript|xml)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml)|image\/svg\+xml)(?:;|$)/i;

export const compressibleType = (type: string) => COMPRESSIBLE.test(type);

/**
 * Compresses the server's dynamic answers (HTML pages, API JSON) above COMPRESS_THRESHOLD with
 * @fastify/compress: brotli or gzip as the request's Accept-Encoding prefers (q-values respected),
 * nothing without it. Answers that set their own Content-Encoding (the cached bytes of
 * sendEncoded, files served from their .br/.gz) go out untouched. Off with HTTP_COMPRESSION=off, for a
 * proxy in front that compresses. Registered before the routes: the plugin hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance, config: Config) {
  if (config.HTTP_COMPRESSION === 'off') return;
  // built files are sent from their .br/.gz or, below the build's threshold, as they are (core/web.ts):
  // never compressed again per request. Added before the plugin, so its own onRoute hook sees the flag.
  app.addHook('onRoute', (route) => {
    if (route.url === WEB_FILES_ROUTE && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_DYNAMIC,
    zlibOptions: GZIP_DYNAMIC,
    // where this says no the plugin still asks mime-db, which marks xlsx, pdf, zip, images and
    // octet-stream not compressible and does not list text/event-stream
    customTypes: compressibleType,
  });
}

/** The encoding to send `req` an answer in: 'br', 'gzip', or null (none asked for, or compression off). */
export function chooseEncoding(req: FastifyRequest, config: Config): 'br' | 'gzip' | null {
  if (config.HTTP_COMPRESSION === 'off') return null;
  const asked = req.headers['accept-encoding'];
  if (!asked) return null;
  // '*' means any: gzip is the safe pick, as @fastify/compress and @fastify/static read it
  const header = String(asked).toLowerCase().replace(/\*/g, 'gzip');
  const e = negotiate(header, ['br', 'gzip']);
  return e === 'br' || e === 'gzip' ? e : null;
}

/** Bytes kept by a cache (answer caches, the page), with their compressed forms made on first need. */
export interface EncodedBytes {
  body: Buffer | string;
  br?: Buffer;
  gz?: Buffer;
}

/**
 * Sends cached bytes in the encoding the request prefers, compressing them once and keeping the
 * result on `a` (the cache's own entry), so a cache hit costs no codec work. Small bodies go as they
 * are. Sets Vary: Accept-Encoding either way, as the body depends on it.
 */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, config: Config, a: EncodedBytes): FastifyReply {
  reply.header('vary', varyWith(reply.getHeader('vary'), 'Accept-Encoding'));
  const size = typeof a.body === 'string' ? Buffer.byteLength(a.body) : a.body.length;
  const enc = size >= COMPRESS_THRESHOLD ? chooseEncoding(req, config) : null;
  if (enc === 'br') {
    a.br ??= zlib.brotliCompressSync(a.body, { ...BROTLI_DYNAMIC, params: { ...BROTLI_DYNAMIC.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } });
    return reply.header('content-encoding', 'br').send(a.br);
  }
  if (enc === 'gzip') {
    a.gz ??= zlib.gzipSync(a.body, GZIP_DYNAMIC);
    return reply.header('content-encoding', 'gzip').send(a.gz);
  }
  return reply.send(a.body);
}

/** A Vary value with `name` added once. */
export function varyWith(current: unknown, name: string): string {
  const list = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((v) => v === '*' || v.toLowerCase() === name.toLowerCase())) return list.join(', ');
  return [...list, name].join(', ');
}
