import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { type EncodedBytes, sendEncoded, varyWith } from '../src/core/compression';
import { auth, callJob, makeApp, type TestApp } from './helpers';

/**
 * What the server sends compressed (core/compression.ts): built files from the .br/.gz written beside
 * them at build, HTML and JSON answers above 1 KB by Accept-Encoding, nothing else.
 */
let t: TestApp;
let off: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-web-dist-'));
const ASSET = '/assets/index-AbC123xy.js';
const js = `${Array.from({ length: 400 }, (_, i) => `export const v${i} = ${JSON.stringify(`giá trị số ${i}`)};`).join('\n')}\n`;

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { ...auth(app.adminToken), ...headers } });

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  // a page over the threshold, as the real one is once its run-time settings are in
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="vi"><head><title>Nông nghiệp số</title>${'<link rel="modulepreload" href="/assets/x-12345678.js" />'.repeat(30)}</head><body><div id="root"></div></body></html>`,
  );
  // what the build writes (apps/web/vite.config.ts): the file and its two compressed forms
  const file = path.join(dist, 'assets', 'index-AbC123xy.js');
  fs.writeFileSync(file, js);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js, { level: 9 }));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeApp({ WEB_DIST: dist });
  off = await makeApp({ WEB_DIST: dist, HTTP_COMPRESSION: 'off' });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const LIST = '/api/admin/permissions';

describe('dynamic answers', () => {
  it('a JSON list comes back brotli for br, gzip for gzip, each decoding to the same JSON; as it is without Accept-Encoding', async () => {
    const plain = await get(t, LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json();

    const br = await get(t, LIST, { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gz = await get(t, LIST, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);

    // q-values: gzip preferred over br; br refused (q=0); identity only
    expect((await get(t, LIST, { 'accept-encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding']).toBe('gzip');
    expect((await get(t, LIST, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(t, LIST, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    // a browser's usual header picks brotli
    expect((await get(t, LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding']).toBe('br');
  });

  it('leaves a small answer as it is', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.rawPayload.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    const missing = await get(t, '/api/admin/khong-co', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: 404 });
  });

  it('sends the admin page compressed from the bytes it keeps, and as it is when asked for none', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/admin/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
    for (const [enc, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const r = await t.app.inject({ method: 'GET', url: '/admin/home', headers: { 'accept-encoding': enc } });
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-encoding']).toBe(enc);
        expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
        expect(decode(r.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('does not compress an xlsx download again', async () => {
    const e = await callJob(t, 'GET', '/api/admin/product-units/export', { query: { sort: '-id' } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const plain = await t.app.inject({ method: 'GET', url: e.body.data.url, headers: auth(t.adminToken) });
    const file = await t.app.inject({ method: 'GET', url: e.body.data.url, headers: { ...auth(t.adminToken), 'accept-encoding': 'br, gzip' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-encoding']).toBeUndefined();
    // a zip: it starts with PK
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('HTTP_COMPRESSION=off sends every answer as it is', async () => {
    const r = await get(off, LIST, { 'accept-encoding': 'br, gzip' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 200 });
    const page = await off.app.inject({ method: 'GET', url: '/admin/home', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    const asset = await off.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe(js);
  });
});

describe('built files', () => {
  it('sends an asset from its .br with its type, length, cache header and an ETag of its own; 304 on If-None-Match', async () => {
    const br = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const onDisk = fs.readFileSync(path.join(dist, 'assets', 'index-AbC123xy.js.br'));
    expect(Number(br.headers['content-length'])).toBe(onDisk.length);
    expect(br.rawPayload.equals(onDisk)).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(js);

    const gz = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(js);
    const plain = await t.app.inject({ method: 'GET', url: ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(js));

    // each encoding has its own tag, so a cache never answers one with the other's bytes
    const tags = [br, gz, plain].map((r) => r.headers.etag);
    expect(tags.every(Boolean)).toBe(true);
    expect(new Set(tags).size).toBe(3);

    const again = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plainAgain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(plainAgain.statusCode).toBe(304);
    // the br tag does not fit the gzip form
    const other = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('a file with no compressed form beside it is sent as it is', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});

describe('cached bytes (sendEncoded)', () => {
  it('compresses a cached entry once, keeps the result on it, and sends the kept bytes on every later hit', async () => {
    const app = Fastify();
    const entry: EncodedBytes = { body: Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, ten: `Đơn vị ${i}` })) })) };
    const small: EncodedBytes = { body: '{"code":200}' };
    const on = { HTTP_COMPRESSION: 'on' } as Config;
    app.get('/big', (req, reply) => sendEncoded(req, reply.header('vary', 'Authorization').type('application/json'), on, entry));
    app.get('/small', (req, reply) => sendEncoded(req, reply.type('application/json'), on, small));
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Authorization, Accept-Encoding');
    const kept = entry.br;
    expect(kept).toBeInstanceOf(Buffer);
    const second = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(entry.br).toBe(kept);
    expect(second.rawPayload.equals(kept as Buffer)).toBe(true);
    expect(zlib.brotliDecompressSync(second.rawPayload).equals(entry.body as Buffer)).toBe(true);
    expect(entry.gz).toBeUndefined();
    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(entry.body as Buffer)).toBe(true);
    const none = await app.inject({ url: '/big' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(entry.body as Buffer)).toBe(true);
    const s = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(small.br).toBeUndefined();
    await app.close();
  });
});

describe('varyWith', () => {
  it('adds a name once', () => {
    expect(varyWith(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(varyWith('Authorization', 'Accept-Encoding')).toBe('Authorization, Accept-Encoding');
    expect(varyWith('Authorization, accept-encoding', 'Accept-Encoding')).toBe('Authorization, accept-encoding');
  });
});
