import path from 'node:path';
import type { Config } from '../config';
import { localStorage, type Storage } from './storage';
import { describeStorage } from './storage-url';

type StorageConfig = Pick<Config, 'storage' | 'dataDir' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** The store the configuration names (STORAGE_URL); the S3 client is loaded only when used. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  const spec = config.storage;
  if (spec.kind === 'file') return localStorage(path.join(config.dataDir, 'uploads'));
  const { s3Storage } = await import('./storage-s3');
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined;
  return s3Storage(spec, credentials, describeStorage(spec, config.dataDir));
}
