import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openStorage } from '../src/lib/open-storage';
import { localStorage } from '../src/lib/storage';
import { describeStorage, parseStorageUrl } from '../src/lib/storage-url';
import { storageContract } from './storage-contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nns-store-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local store (DATA_DIR/uploads)', () => {
  storageContract(() => localStorage(path.join(root, 'uploads')));

  it('keeps files under its root, never lists half-written ones, and check() fails where it cannot write', async () => {
    const s = localStorage(path.join(root, 'uploads'));
    await s.put('media/x.png', Buffer.from('png'));
    expect(fs.readFileSync(path.join(root, 'uploads/media/x.png'), 'utf8')).toBe('png');
    fs.writeFileSync(path.join(root, 'uploads/media/y.png.tmp-123-4'), 'half');
    fs.writeFileSync(path.join(root, 'uploads/media/z.png.tmp-123'), 'half');
    const keys: string[] = [];
    for await (const k of s.list('media/')) keys.push(k);
    expect(keys).toEqual(['media/x.png']);

    fs.writeFileSync(path.join(root, 'not-a-folder'), 'x');
    await expect(localStorage(path.join(root, 'not-a-folder')).check()).rejects.toThrow();
  });

  it('is what the configuration opens when STORAGE_URL is unset or file:', async () => {
    for (const STORAGE_URL of [undefined, 'file:']) {
      const c = loadConfig({ DATA_DIR: root, STORAGE_URL });
      expect(c.storage).toEqual({ kind: 'file' });
      const s = await openStorage(c);
      expect(s.kind).toBe('file');
      expect(s.description).toBe(`thư mục tệp tải lên ${path.join(root, 'uploads')}`);
    }
  });
});

describe('STORAGE_URL', () => {
  it('reads an S3 store: bucket, prefix, endpoint, region, path style', () => {
    expect(parseStorageUrl('s3://nns-files/prod/tep?endpoint=http://127.0.0.1:9000&region=ap-southeast-1&path_style=true')).toEqual({
      kind: 's3',
      bucket: 'nns-files',
      prefix: 'prod/tep',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-southeast-1',
      pathStyle: true,
    });
    expect(parseStorageUrl('s3://nns-files')).toEqual({
      kind: 's3',
      bucket: 'nns-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      pathStyle: false,
    });
    // a self-hosted server: path style unless told otherwise
    expect(parseStorageUrl('s3://nns-files/?endpoint=https://s3.example.vn')).toMatchObject({ prefix: '', endpoint: 'https://s3.example.vn', pathStyle: true });
    expect(parseStorageUrl('s3://nns-files?endpoint=https://s3.example.vn&path_style=false')).toMatchObject({ pathStyle: false });
  });

  it('refuses what it does not understand at start, in Vietnamese, and never takes keys in the URL', () => {
    const bad: [string, RegExp][] = [
      ['ftp://x', /phải để trống, là "file:" hoặc bắt đầu bằng s3:\/\//],
      ['file:/srv/tep', /chỉ nhận "file:"/],
      ['s3://AB', /tên bucket "AB" không hợp lệ/],
      ['s3://nns:9000', /tên bucket .* không hợp lệ/],
      ['s3://key:secret@nns-files', /không được chứa khóa truy cập; hãy đặt S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY/],
      ['s3://nns-files?endpoint=ftp://h', /endpoint phải bắt đầu bằng http:\/\/ hoặc https:\/\//],
      ['s3://nns-files?endpoint=127.0.0.1:9000', /endpoint .* không phải URL đầy đủ|endpoint phải bắt đầu/],
      ['s3://nns-files?endpoint=http://k:s@h:9000', /endpoint không được chứa khóa truy cập/],
      ['s3://nns-files?path_style=yes', /path_style phải là true hoặc false/],
      ['s3://nns-files?secret=x', /không hiểu tham số secret/],
      ['s3://nns-files/a b', /tiền tố "a b" không hợp lệ/],
    ];
    for (const [url, message] of bad) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(message);
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(/^Cấu hình không hợp lệ \(biến môi trường\):\n {2}STORAGE_URL: /);
    }
  });

  it('wants both S3 keys or neither, and the description shows no secret', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://nns-files', S3_ACCESS_KEY_ID: 'AKIAXYZ' })).toThrow(
      /S3_SECRET_ACCESS_KEY: phải đặt cả S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://nns-files', S3_SECRET_ACCESS_KEY: 'bi-mat' })).toThrow(/S3_ACCESS_KEY_ID: phải đặt cả/);
    const c = loadConfig({
      STORAGE_URL: 's3://nns-files/prod?endpoint=http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'AKIAXYZ',
      S3_SECRET_ACCESS_KEY: 'bi-mat-lam',
    });
    const d = describeStorage(c.storage, c.dataDir);
    expect(d).toBe('S3 s3://nns-files/prod (máy chủ http://127.0.0.1:9000, vùng us-east-1, path-style)');
    expect(d).not.toMatch(/AKIAXYZ|bi-mat/);
  });
});
