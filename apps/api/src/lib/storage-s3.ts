import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type Storage, safeKey, safePrefix } from './storage';
import type { StorageSpec } from './storage-url';

type S3Spec = Extract<StorageSpec, { kind: 's3' }>;

const notFound = (err: unknown) =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404)) ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * The store on an S3-compatible object store (AWS S3, MinIO, Ceph, a cloud's own): one bucket, keys
 * under an optional prefix. Every API process reaches the same files.
 */
export function s3Storage(spec: S3Spec, credentials: { accessKeyId: string; secretAccessKey: string } | undefined, description: string): Storage {
  const client = new S3Client({
    region: spec.region,
    endpoint: spec.endpoint,
    forcePathStyle: spec.pathStyle,
    // without keys in the environment the SDK's own chain answers (an instance role, AWS_* variables)
    credentials,
    // checksums only where S3 requires them: S3-compatible servers do not all know the newer headers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = spec.bucket;
  const base = spec.prefix ? `${spec.prefix}/` : '';
  const full = (key: string) => base + safeKey(key);

  const open = async (key: string): Promise<Readable | null> => {
    try {
      const r = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
      return r.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };

  return {
    kind: 's3',
    description,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: data, ContentLength: data.length }));
    },
    async putFile(key, localPath) {
      const { size } = await fs.stat(localPath);
      // one request up to S3's 5 GB for a single upload: far above an export or an upload. The SDK cannot
      // replay a stream, so a dropped connection ('socket hang up' on a busy server) is tried again here
      // with a new stream, twice at most; an answer of the server below 500 (refused, not found) is not
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: createReadStream(localPath), ContentLength: size }));
          return;
        } catch (err) {
          const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (attempt >= 3 || (status !== undefined && status < 500)) throw err;
          await new Promise((r) => setTimeout(r, 250 * attempt));
        }
      }
    },
    async get(key) {
      const body = await open(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks);
    },
    async getFile(key, localPath) {
      const body = await open(key);
      if (!body) return false;
      await fs.mkdir(path.dirname(localPath), { recursive: true });
      await pipeline(body, createWriteStream(localPath));
      return true;
    },
    stream: open,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix = '') {
      safePrefix(prefix);
      let token: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket, Prefix: base + prefix, ContinuationToken: token }));
        for (const o of r.Contents ?? []) if (o.Key?.startsWith(base) && !o.Key.endsWith('/')) yield o.Key.slice(base.length);
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      // listing one key asks only for what the app needs anyway (no bucket-level rights)
      await client.send(new ListObjectsV2Command({ Bucket, Prefix: base, MaxKeys: 1 }));
    },
    close() {
      client.destroy();
    },
  };
}
