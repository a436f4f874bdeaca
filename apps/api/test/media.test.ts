import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, png, type TestApp, upload as uploadTo } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const upload = (filename: string, data: Buffer, contentType?: string, token = t.adminToken) => uploadTo(t, filename, data, contentType, token);

describe('POST /api/admin/uploads', () => {
  it('needs a session', async () => {
    const r = await upload('a.png', await png(10, 10), 'image/png', '');
    expect(r.status).toBe(401);
  });

  it('accepts a PNG renamed .txt as a PNG, by its content, with a thumbnail and its size', async () => {
    const r = await upload('anh-ca-phe.txt', await png(3000, 1500), 'text/plain');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d.mime).toBe('image/png');
    expect(d.url).toMatch(/^\/uploads\/media\/\d{4}\/\d{2}\/[0-9a-f]{24}\.png$/);
    expect(d.thumbnail_url).toMatch(/_thumb\.webp$/);
    // bounded to 2048 px on the longest side, proportions kept
    expect([d.width, d.height]).toEqual([2048, 1024]);
    const [row] = await t.database.query<{ mime: string; width: number; original_name: string }>(
      sql`select mime, width, original_name from uploads where key = ${d.url.replace('/uploads/', '')}`,
    );
    expect(row).toMatchObject({ mime: 'image/png', width: 2048, original_name: 'anh-ca-phe.txt' });

    const file = await t.app.inject({ method: 'GET', url: d.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['cache-control'])).toContain('max-age=31536000');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(2048);

    const thumb = await t.app.inject({ method: 'GET', url: d.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
  });

  it('keeps small images at their size and strips metadata by re-encoding a JPEG', async () => {
    const jpg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Bí mật' } } })
      .toBuffer();
    const r = await upload('ho-tieu.jpg', jpg, 'image/jpeg');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ mime: 'image/jpeg', width: 400, height: 300 });
    const file = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses an HTML file renamed .jpg', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const r = await upload('anh.jpg', html, 'image/jpeg');
    expect(r.status).toBe(415);
    expect(r.body.data.errors[0]).toMatchObject({ field: 'file' });
    expect(r.body.message).toContain('HTML');
  });

  it('refuses an SVG, with or without a script', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const r = await upload('logo.svg', svg, 'image/svg+xml');
    expect(r.status).toBe(415);
    expect(r.body.message).toContain('SVG');
    const plain = await upload('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'), 'image/png');
    expect(plain.status).toBe(415);
  });

  it('refuses an unknown binary and an empty file', async () => {
    expect((await upload('a.bin', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).status).toBe(415);
    expect((await upload('rong.png', Buffer.alloc(0), 'image/png')).status).toBe(400);
  });

  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(11 * 1024 * 1024)]);
    const r = await upload('lon.png', big, 'image/png');
    expect(r.status).toBe(413);
    expect(r.body.code).toBe(413);
  });

  it('accepts a PDF document without a thumbnail', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const r = await upload('giay-chung-nhan.pdf', pdf, 'application/pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ mime: 'application/pdf', thumbnail_url: null, width: null });
  });

  it('accepts an .xlsx by its content (served as a download) and WebP and GIF images', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sản lượng').addRow(['Vụ', 'Tấn']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await upload('san-luong.bin', xlsx);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.body.data.url).toMatch(/\.xlsx$/);
    const file = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    const webp = await upload(
      'a.webp',
      await sharp(await png(50, 40))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    expect(webp.body.data).toMatchObject({ mime: 'image/webp', width: 50, height: 40 });
    const gif = await upload(
      'a.gif',
      await sharp(await png(30, 20))
        .gif()
        .toBuffer(),
      'image/gif',
    );
    expect(gif.body.data).toMatchObject({ mime: 'image/gif', width: 30, height: 20 });
  });

  it('refuses a broken image whose header says PNG', async () => {
    const head = (await png(100, 100)).subarray(0, 60);
    const r = await upload('hong.png', head, 'image/png');
    expect(r.status).toBe(415);
    expect(r.body.message).toBe('Ảnh bị hỏng hoặc không đọc được');
  });

  it('answers 404 for unknown or unsafe keys', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/media/2025/01/khong-co.png' })).statusCode).toBe(404);
    // a traversal never reaches the disk (the URL normalises out of /uploads; the SPA may answer it)
    const trav = await t.app.inject({ method: 'GET', url: '/uploads/media/../../etc/passwd' });
    expect(trav.body).not.toContain('root:');
    expect(String(trav.headers['content-type'])).not.toContain('image');
    const enc = await t.app.inject({ method: 'GET', url: '/uploads/media/%2e%2e/%2e%2e/etc/passwd' });
    expect(enc.body).not.toContain('root:');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/media/2025/01/x.html' })).statusCode).toBe(404);
  });
});
