import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Storage } from '../src/lib/storage';

const text = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};
const all = async (it: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const k of it) out.push(k);
  return out.sort();
};

/**
 * What every store promises (lib/storage.ts), run as is against the local store and an S3 server:
 * the app and the backups rely on nothing else.
 */
export function storageContract(store: () => Storage) {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'nns-contract-'));

  it('check() answers for a usable store', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });

  it('put then get, exists, stream and getFile give back the same bytes; missing keys answer null / false', async () => {
    const s = store();
    const bytes = Buffer.concat([Buffer.from('Tiếng Việt có dấu: ả ấ ẫ ự ỹ\n'), crypto.randomBytes(1000), Buffer.from([0, 255, 0])]);
    await s.put('media/2026/11/a.bin', bytes);
    expect(await s.exists('media/2026/11/a.bin')).toBe(true);
    expect((await s.get('media/2026/11/a.bin'))?.equals(bytes)).toBe(true);
    const st = await s.stream('media/2026/11/a.bin');
    expect(st && (await text(st)).equals(bytes)).toBe(true);
    const dir = tmp();
    const to = path.join(dir, 'sub', 'a.bin');
    expect(await s.getFile('media/2026/11/a.bin', to)).toBe(true);
    expect(fs.readFileSync(to).equals(bytes)).toBe(true);

    expect(await s.exists('media/2026/11/none.bin')).toBe(false);
    expect(await s.get('media/2026/11/none.bin')).toBeNull();
    expect(await s.stream('media/2026/11/none.bin')).toBeNull();
    expect(await s.getFile('media/2026/11/none.bin', path.join(dir, 'none.bin'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'none.bin'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('putFile stores a local file (left where it is), a larger one too; put over a key replaces it', async () => {
    const s = store();
    const dir = tmp();
    const src = path.join(dir, 'big.xlsx');
    const big = crypto.randomBytes(3 * 1024 * 1024 + 17);
    fs.writeFileSync(src, big);
    await s.putFile('exports/big.xlsx', src);
    expect(fs.existsSync(src)).toBe(true);
    const st = await s.stream('exports/big.xlsx');
    expect(st && (await text(st)).equals(big)).toBe(true);

    await s.put('exports/big.xlsx', Buffer.from('ngắn'));
    expect((await s.get('exports/big.xlsx'))?.toString()).toBe('ngắn');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('list(prefix) names exactly the stored keys under it; remove takes one away, twice is no error', async () => {
    const s = store();
    const keys = ['list/a.txt', 'list/b/c.txt', 'list/b/d/e.txt', 'listing.txt', 'other/x.txt'];
    for (const k of keys) await s.put(k, Buffer.from(k));
    expect(await all(s.list('list/'))).toEqual(['list/a.txt', 'list/b/c.txt', 'list/b/d/e.txt']);
    expect(await all(s.list('list/b/'))).toEqual(['list/b/c.txt', 'list/b/d/e.txt']);
    expect(await all(s.list('list'))).toEqual(['list/a.txt', 'list/b/c.txt', 'list/b/d/e.txt', 'listing.txt']);
    expect(await all(s.list('nothing/'))).toEqual([]);
    const every = await all(s.list(''));
    for (const k of keys) expect(every).toContain(k);

    await s.remove('list/b/c.txt');
    await s.remove('list/b/c.txt');
    await s.remove('never/was.txt');
    expect(await s.exists('list/b/c.txt')).toBe(false);
    expect(await all(s.list('list/'))).toEqual(['list/a.txt', 'list/b/d/e.txt']);
    for (const k of await all(s.list(''))) await s.remove(k);
    expect(await all(s.list(''))).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    const s = store();
    for (const bad of ['../x.txt', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/']) {
      await expect(s.put(bad, Buffer.from('x')), bad).rejects.toThrow(/bad storage key/);
      await expect(s.get(bad), bad).rejects.toThrow(/bad storage key/);
    }
    await expect(all(s.list('../'))).rejects.toThrow(/bad storage prefix/);
  });
}
