import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { missingUploads } from '../src/core/resource-store';
import type { Db } from '../src/db/client';
import { cleanupUploads, uploadCleanupLimits } from '../src/modules/media/upload-cleanup';
import { call, makeApp, makeUser, png, type TestApp, upload } from './helpers';

const keyOf = (url: string) => url.replace('/uploads/', '');

describe('upload quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 3 files or 0.05 MB (52,428 bytes) a day
    t = await makeApp({ UPLOAD_QUOTA_FILES_PER_DAY: 3, UPLOAD_QUOTA_MB_PER_DAY: 0.05 });
  });
  afterAll(async () => t?.close());

  it('refuses the file past the count with 429 and Retry-After; another user is not affected', async () => {
    const a = await makeUser(t);
    for (let i = 0; i < 3; i++) expect((await upload(t, `a${i}.png`, await png(20, 20), 'image/png', a.token)).status).toBe(200);
    const r = await upload(t, 'a3.png', await png(20, 20), 'image/png', a.token);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Bạn đã tải lên quá số tệp cho phép trong 24 giờ (tối đa 3 tệp), vui lòng thử lại sau');
    expect(r.body.data.retry_after).toBeGreaterThan(86_000);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from uploads where created_by = ${a.id}`);
    expect(n).toBe(3);

    const b = await makeUser(t);
    expect((await upload(t, 'b.png', await png(20, 20), 'image/png', b.token)).status).toBe(200);

    // uploads older than 24 hours no longer count
    await t.database.query(sql`update uploads set created_at = now() - interval '25 hours' where created_by = ${a.id}`);
    expect((await upload(t, 'a4.png', await png(20, 20), 'image/png', a.token)).status).toBe(200);
  });

  it('refuses the upload past the bytes, answers Retry-After, and leaves no file behind', async () => {
    const a = await makeUser(t);
    // a PDF is stored as sent: 30,000 bytes each
    const pdf = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(n - 9, 32)]);
    expect((await upload(t, 'a.pdf', pdf(30_000), 'application/pdf', a.token)).status).toBe(200);
    const before = await t.database.query<{ n: number }>(sql`select count(*)::int as n from uploads`);
    const files = await listKeys(t);
    const m = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      ...(() => {
        const body = multipartOf('b.pdf', pdf(30_000));
        return { payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${a.token}` } };
      })(),
    });
    expect(m.statusCode).toBe(429);
    expect(Number(m.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(m.json().message).toBe('Bạn đã tải lên quá dung lượng cho phép trong 24 giờ (tối đa 0.05 MB), vui lòng thử lại sau');
    expect(await t.database.query<{ n: number }>(sql`select count(*)::int as n from uploads`)).toEqual(before);
    expect(await listKeys(t)).toEqual(files);
    // a smaller file still fits
    expect((await upload(t, 'c.pdf', pdf(20_000), 'application/pdf', a.token)).status).toBe(200);
    const other = await makeUser(t);
    expect((await upload(t, 'd.pdf', pdf(30_000), 'application/pdf', other.token)).status).toBe(200);
  });

  it('Retry-After says when enough uploads leave the 24 hours', async () => {
    const a = await makeUser(t);
    for (let i = 0; i < 3; i++) expect((await upload(t, `r${i}.png`, await png(20, 20), 'image/png', a.token)).status).toBe(200);
    // one file to free: the oldest, an hour from leaving the window
    const ids = (await t.database.query<{ id: number }>(sql`select id from uploads where created_by = ${a.id} order by id`)).map((r) => r.id);
    await t.database.query(sql`update uploads set created_at = now() - interval '23 hours' where id = ${ids[0]}`);
    await t.database.query(sql`update uploads set created_at = now() - interval '22 hours' where id = ${ids[1]}`);
    const r = await upload(t, 'r3.png', await png(20, 20), 'image/png', a.token);
    expect(r.status).toBe(429);
    expect(r.body.data.retry_after).toBeGreaterThan(3500);
    expect(r.body.data.retry_after).toBeLessThanOrEqual(3600);
  });

  it('concurrent uploads of one user stay within the quota', async () => {
    const a = await makeUser(t);
    const img = await png(16, 16);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(t, `p${i}.png`, img, 'image/png', a.token)));
    const codes = answers.map((r) => r.status).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from uploads where created_by = ${a.id}`);
    expect(n).toBe(3);
  });

  it('checks the configuration with Vietnamese messages', () => {
    expect(() => loadConfig({ UPLOAD_QUOTA_FILES_PER_DAY: 'nhiều' })).toThrow('UPLOAD_QUOTA_FILES_PER_DAY: phải là một số');
    expect(() => loadConfig({ UPLOAD_QUOTA_FILES_PER_DAY: '1.5' })).toThrow('UPLOAD_QUOTA_FILES_PER_DAY: phải là số nguyên');
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_DAY: '-1' })).toThrow('UPLOAD_QUOTA_MB_PER_DAY: không được âm');
    const c = loadConfig({});
    expect([c.UPLOAD_QUOTA_FILES_PER_DAY, c.UPLOAD_QUOTA_MB_PER_DAY]).toEqual([500, 1024]);
  });
});

function multipartOf(filename: string, data: Buffer) {
  const boundary = `----nnsq${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function listKeys(t: TestApp) {
  const out: string[] = [];
  for await (const k of t.app.services.storage.list('media/')) out.push(k);
  return out.sort();
}

describe('clean-up of unused uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(async () => t?.close());

  const newImage = async () => {
    const r = await upload(t, 'anh.png', await png(24, 24), 'image/png');
    expect(r.status).toBe(200);
    return r.body.data as { url: string; thumbnail_url: string };
  };
  const age = (urls: string[]) =>
    t.database.query(sql`update uploads set created_at = now() - interval '25 hours' where key = any(${`{${urls.map(keyOf).join(',')}}`}::text[])`);
  const rowExists = async (url: string) => (await t.database.query(sql`select 1 from uploads where key = ${keyOf(url)}`)).length > 0;
  const fileExists = (url: string) => t.app.services.storage.exists(keyOf(url));

  it('removes an old unreferenced upload with its thumbnail, keeps referenced and young ones, and logs it', async () => {
    const orphan = await newImage();
    const inImages = await newImage();
    const inRichText = await newImage();
    const asAvatar = await newImage();
    const young = await newImage();
    const p = await call(t, 'POST', '/api/admin/products', {
      body: { code: 'SP-DON-01', name: 'Cà phê Robusta', images: [inImages.url], description: `<p>Mô tả</p><img src="${inRichText.url}" alt="Cà phê">` },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    await t.database.query(sql`update products set description = ${`<p>Mô tả</p><img src="${inRichText.url}">`} where code = 'SP-DON-01'`);
    await t.database.query(sql`update users set avatar = ${asAvatar.url} where username = 'admin'`);
    await age([orphan.url, inImages.url, inRichText.url, asAvatar.url]);

    expect(await cleanupUploads(t.app.services)).toBe(1);
    expect(await rowExists(orphan.url)).toBe(false);
    expect(await fileExists(orphan.url)).toBe(false);
    expect(await fileExists(orphan.thumbnail_url)).toBe(false);
    for (const kept of [inImages, inRichText, asAvatar, young]) {
      expect(await rowExists(kept.url)).toBe(true);
      expect(await fileExists(kept.url)).toBe(true);
      expect(await fileExists(kept.thumbnail_url)).toBe(true);
    }
    const log = await t.database.query<{ action: string; subject: string; after: { removed: number } }>(
      sql`select action, subject, after from audit_logs where action = 'cleanup-uploads' order by id desc limit 1`,
    );
    expect(log[0]).toMatchObject({ subject: 'uploads', after: { removed: 1 } });

    // nothing to remove: nothing logged
    expect(await cleanupUploads(t.app.services)).toBe(0);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from audit_logs where action = 'cleanup-uploads'`);
    expect(n).toBe(1);

    // a record no longer naming the file leaves it to the next run
    await t.database.query(sql`update products set images = '[]'::jsonb where code = 'SP-DON-01'`);
    expect(await cleanupUploads(t.app.services)).toBe(1);
    expect(await rowExists(inImages.url)).toBe(false);
  });

  it('two runs at once remove each file once, without error', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await newImage());
    await age(made.map((m) => m.url));
    const removedFiles: string[] = [];
    const storage = t.app.services.storage;
    const spy = {
      ...t.app.services,
      storage: {
        ...storage,
        remove: async (k: string) => {
          removedFiles.push(k);
          await storage.remove(k);
        },
      },
    };
    // small batches, so the two runs interleave
    uploadCleanupLimits.batch = 2;
    const [a, b] = await Promise.all([cleanupUploads(spy), cleanupUploads(spy)]).finally(() => {
      uploadCleanupLimits.batch = 200;
    });
    expect(a + b).toBe(6);
    for (const m of made) expect(await rowExists(m.url)).toBe(false);
    const mains = removedFiles.filter((k) => !k.endsWith('_thumb.webp'));
    expect(mains.sort()).toEqual(made.map((m) => keyOf(m.url)).sort());
  });

  // one connection in PGlite: a second transaction cannot be held open beside the job
  it.runIf(!!process.env.TEST_DATABASE_URL)('a save naming an old upload keeps the job off it until it commits', async () => {
    const img = await newImage();
    await age([img.url]);
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const save = t.database.db.transaction(async (tx) => {
      // what the one write path does for a product naming the file
      expect(await missingUploads(tx as unknown as Db, resourceByName.products.fields, { images: [img.url] })).toEqual([]);
      locked();
      await held;
      await tx.execute(sql`insert into products (code, name, images) values ('SP-DON-02', 'Hồ tiêu', ${JSON.stringify([img.url])}::jsonb)`);
    });
    await isLocked;
    expect(await cleanupUploads(t.app.services)).toBe(0);
    release();
    await save;
    expect(await cleanupUploads(t.app.services)).toBe(0);
    expect(await rowExists(img.url)).toBe(true);
    expect(await fileExists(img.url)).toBe(true);
  });
});
