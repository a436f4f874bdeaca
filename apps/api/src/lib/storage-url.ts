/**
 * STORAGE_URL: where uploaded and generated files live.
 *   unset or `file:`                      the local store, DATA_DIR/uploads (one machine)
 *   `s3://BUCKET[/PREFIX]?endpoint=…&region=…&path_style=true`   an S3-compatible object store, shared
 *                                          by every API process
 * Credentials never travel in the URL (it is printed and logged): they come from S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY.
 */
export type StorageSpec =
  | { kind: 'file' }
  | {
      kind: 's3';
      bucket: string;
      /** key prefix inside the bucket, without leading or trailing slash ('' = the whole bucket) */
      prefix: string;
      /** an S3-compatible server (MinIO, Ceph, a cloud's own); unset = AWS S3 */
      endpoint?: string;
      region: string;
      /** bucket in the path (http://host/bucket/key) rather than in the host name: what most self-hosted servers need */
      pathStyle: boolean;
    };

export class StorageUrlError extends Error {}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const PARAMS = new Set(['endpoint', 'region', 'path_style']);

/** Reads STORAGE_URL; throws StorageUrlError with a Vietnamese message saying what is wrong. */
export function parseStorageUrl(raw: string | undefined): StorageSpec {
  const v = (raw ?? '').trim();
  if (!v || v === 'file:' || v === 'file://') return { kind: 'file' };
  if (v.startsWith('file:')) {
    throw new StorageUrlError('chỉ nhận "file:" (kho tệp cục bộ trong DATA_DIR); thư mục được đặt bằng DATA_DIR');
  }
  if (!v.startsWith('s3://')) {
    throw new StorageUrlError(
      'phải để trống, là "file:" hoặc bắt đầu bằng s3://, ví dụ s3://ten-bucket/tien-to?endpoint=http://127.0.0.1:9000&path_style=true',
    );
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new StorageUrlError('không phải một URL hợp lệ, ví dụ s3://ten-bucket/tien-to?region=ap-southeast-1');
  }
  if (url.username || url.password) {
    throw new StorageUrlError('không được chứa khóa truy cập; hãy đặt S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY');
  }
  const bucket = url.hostname;
  if (url.port || !BUCKET.test(bucket) || bucket.includes('..')) {
    throw new StorageUrlError(`tên bucket "${url.host}" không hợp lệ (3–63 ký tự: chữ thường, số, dấu chấm, gạch ngang)`);
  }
  const segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  const bad = segments.find((s) => !PREFIX_SEGMENT.test(s));
  if (bad !== undefined) throw new StorageUrlError(`tiền tố "${bad}" không hợp lệ (chỉ chữ không dấu, số, . _ -)`);
  const unknown = [...url.searchParams.keys()].filter((k) => !PARAMS.has(k));
  if (unknown.length) throw new StorageUrlError(`không hiểu tham số ${unknown.join(', ')} (chỉ nhận endpoint, region, path_style)`);

  let endpoint: string | undefined;
  const e = url.searchParams.get('endpoint');
  if (e !== null) {
    let eu: URL;
    try {
      eu = new URL(e);
    } catch {
      throw new StorageUrlError(`endpoint "${e}" không phải URL đầy đủ, ví dụ http://127.0.0.1:9000`);
    }
    if (eu.protocol !== 'http:' && eu.protocol !== 'https:') throw new StorageUrlError('endpoint phải bắt đầu bằng http:// hoặc https://');
    if (eu.username || eu.password) throw new StorageUrlError('endpoint không được chứa khóa truy cập; hãy đặt S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY');
    endpoint = eu.origin + eu.pathname.replace(/\/$/, '');
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new StorageUrlError(`region "${region}" không hợp lệ, ví dụ ap-southeast-1`);
  const ps = url.searchParams.get('path_style');
  if (ps !== null && !/^(true|false)$/.test(ps)) throw new StorageUrlError('path_style phải là true hoặc false');
  return { kind: 's3', bucket, prefix: segments.join('/'), endpoint, region, pathStyle: ps === null ? endpoint !== undefined : ps === 'true' };
}

/** The store in words, for the start banner and the scripts: never a secret. */
export function describeStorage(spec: StorageSpec, dataDir: string): string {
  if (spec.kind === 'file') return `thư mục ${dataDir.replace(/\/$/, '')}/uploads (kho tệp cục bộ)`;
  const where = `s3://${spec.bucket}${spec.prefix ? `/${spec.prefix}` : ''}`;
  return `S3 ${where} (${spec.endpoint ? `máy chủ ${spec.endpoint}` : 'AWS S3'}, vùng ${spec.region}${spec.pathStyle ? ', path-style' : ''})`;
}
