import { constants, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/**
 * Where uploaded and generated files live (uploads, thumbnails, exports, print sheets): every file
 * that more than one request may read goes through here, never through fs, so that with several API
 * processes any of them serves any file. Local disk under DATA_DIR/uploads by default, an
 * S3-compatible object store when STORAGE_URL says so (storage-s3.ts; open-storage.ts picks one).
 *
 * Keys are relative, slash-separated paths ('media/2026/11/ab.png', 'exports/<token>.xlsx').
 */
export interface Storage {
  readonly kind: 'file' | 's3';
  /** the store in words for banners, logs and messages: never a secret */
  readonly description: string;
  put(key: string, data: Buffer): Promise<void>;
  /** stores the file at localPath (left where it is) under key */
  putFile(key: string, localPath: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** writes the stored file to localPath; false when there is none */
  getFile(key: string, localPath: string): Promise<boolean>;
  /** the stored file as a stream, or null when there is none */
  stream(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** removes the file; a missing one is not an error */
  remove(key: string): Promise<void>;
  /** every key starting with prefix ('' = all), in no promised order */
  list(prefix?: string): AsyncIterable<string>;
  /** throws when the store cannot be used (health, start) */
  check(): Promise<void>;
  close(): void;
}

/** Files that live an hour and can be made again: backups leave them out. */
export const TRANSIENT_PREFIXES = ['exports/'];
export const isTransientKey = (key: string) => TRANSIENT_PREFIXES.some((p) => key.startsWith(p));

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
export function safeKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/')) throw new Error(`bad storage key ${key}`);
  return key;
}
/** a list prefix: '' or the beginning of a key */
export function safePrefix(prefix: string): string {
  if (prefix && (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(prefix) || prefix.includes('..'))) throw new Error(`bad storage prefix ${prefix}`);
  return prefix;
}

const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

const TMP_SUFFIX = /\.tmp-\d+(-\d+)?$/;
let tmpSeq = 0;

/** Temporary files of this process (an export being written, a backup's staging): DATA_DIR/tmp. */
export function tmpDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'tmp');
}

export function localStorage(root: string): Storage {
  const abs = (key: string) => path.join(root, safeKey(key));
  // write beside, then rename: a reader never sees half a file
  const atomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    await fs.mkdir(path.dirname(abs(key)), { recursive: true });
    const tmp = `${abs(key)}.tmp-${process.pid}-${++tmpSeq}`;
    try {
      await write(tmp);
      await fs.rename(tmp, abs(key));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  };
  async function* walk(rel: string): AsyncGenerator<string> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* walk(r);
      else if (e.isFile() && !TMP_SUFFIX.test(e.name)) yield r;
    }
  }
  return {
    kind: 'file',
    description: `thư mục tệp tải lên ${root}`,
    put: (key, data) => atomically(key, (tmp) => fs.writeFile(tmp, data)),
    putFile: (key, localPath) => atomically(key, (tmp) => fs.copyFile(localPath, tmp)),
    async get(key) {
      const file = abs(key);
      try {
        return await fs.readFile(file);
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async getFile(key, localPath) {
      if (!(await this.exists(key))) return false;
      await fs.mkdir(path.dirname(localPath), { recursive: true });
      // a hard link costs nothing (stored files are never changed in place: put renames over them)
      try {
        await fs.link(abs(key), localPath);
      } catch {
        await fs.copyFile(abs(key), localPath);
      }
      return true;
    },
    async stream(key) {
      const file = abs(key);
      const handle = await fs.open(file, 'r').catch((err) => {
        if (missing(err)) return null;
        throw err;
      });
      return handle ? handle.createReadStream() : null;
    },
    async exists(key) {
      const file = abs(key);
      try {
        return (await fs.stat(file)).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(abs(key), { force: true });
    },
    async *list(prefix = '') {
      safePrefix(prefix);
      // walk only the folder the prefix names, then filter on the rest
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const k of walk(dir)) if (k.startsWith(prefix)) yield k;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.R_OK | constants.W_OK);
    },
    close() {},
  };
}
