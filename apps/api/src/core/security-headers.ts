import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The CSP source allowing the map tiles of MAP_TILE_URL, e.g. `https://*.tile.openstreetmap.org`
 * for `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`: a placeholder in the host becomes a
 * wildcard label (CSP allows one, leftmost). Null when the URL is relative (served by this server).
 */
export function tileSource(tileUrl: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!m) return null;
  const labels = m[2].toLowerCase().split('.');
  let wild = -1;
  labels.forEach((l, i) => {
    if (l.includes('{')) wild = i;
  });
  const host = wild < 0 ? labels.join('.') : ['*', ...labels.slice(wild + 1)].join('.');
  if (!/^(\*\.)?[a-z0-9.:[\]-]+$/.test(host) || host === '*') return null;
  return `${m[1].toLowerCase()}://${host}`;
}

/** `'sha256-…'` of each inline <script> of a page, so a build that adds one still runs without 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || !m[2]) continue;
    out.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

export function cspDirectives(config: Config, indexHtml?: string): Record<string, string[]> {
  const tiles = tileSource(config.MAP_TILE_URL);
  const https = config.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
    'script-src-attr': ["'none'"],
    // antd (cssinjs) writes <style> elements and style attributes at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the live channel /api/ws (ws: / wss: of the same host)
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // videos embedded in rich text (the editor's YouTube node; the allow-list in core/rich-text.ts)
    'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The header set helmet writes for a configuration, worked out once: helmet's middleware is run on a
 * stand-in response that records what it sets and removes. Every directive here is static (no
 * per-request nonce or function), so the set is the same for every answer.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      set.delete(name);
      remove.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set: [...set], remove };
}

/**
 * Browser hardening headers on every answer (HTML, API, files, errors) through helmet:
 * CSP without inline scripts, no framing (frame-ancestors 'none' + X-Frame-Options DENY),
 * Referrer-Policy strict-origin-when-cross-origin, nosniff, and HSTS only when PUBLIC_URL is https
 * (over plain http it would be ignored, and on a developer's localhost harmful).
 *
 * @fastify/helmet called `helmet(config)` on every answer (re-parsing the CSP and rebuilding a dozen
 * middlewares: 3 % of a read, issue 11): the headers are computed once here and written by one
 * onRequest hook, as the plugin did, before anything else can answer.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, indexFile?: string) {
  let indexHtml: string | undefined;
  try {
    if (indexFile) indexHtml = fs.readFileSync(indexFile, 'utf8');
  } catch {
    // no built app: the API answers carry the same policy
  }
  const https = config.publicUrl.startsWith('https://');
  const { set, remove } = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, indexHtml) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // uploaded images may be shown by other sites' pages (the public trace page is linked from labels)
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
