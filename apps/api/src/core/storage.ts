import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live. Local disk under DATA_DIR/uploads; the interface allows S3-compatible stores. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** absolute root for backup */
  root: string;
}

const safeKey = (key: string) => {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
  return key;
};

export function localStorage(root: string): Storage {
  const abs = (key: string) => path.join(root, safeKey(key));
  return {
    root,
    async put(key, data) {
      await fs.mkdir(path.dirname(abs(key)), { recursive: true });
      const tmp = `${abs(key)}.tmp-${process.pid}`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, abs(key));
    },
    async get(key) {
      try {
        return await fs.readFile(abs(key));
      } catch {
        return null;
      }
    },
    stream: (key) => createReadStream(abs(key)),
    async exists(key) {
      try {
        await fs.access(abs(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fs.rm(abs(key), { force: true });
    },
  };
}
