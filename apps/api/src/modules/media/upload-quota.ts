import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { tooMany } from '../../core/errors';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** advisory lock class of the per-user upload quota (two-int keys: class, user id) */
const QUOTA_LOCK_CLASS = 72610003;

export type QuotaConfig = Pick<Config, 'UPLOAD_QUOTA_FILES_PER_DAY' | 'UPLOAD_QUOTA_MB_PER_DAY'>;

const MB = 1024 * 1024;
const mbText = (mb: number) => `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`;

/**
 * Refuses (429 with Retry-After) an upload of `size` bytes that would take the user past the files or
 * megabytes allowed in 24 hours. 0 = no limit. Without `size`, only whether the user has room left.
 * Retry-After: the seconds until enough of the user's uploads leave the window for this one to fit.
 */
export async function checkUploadQuota(db: Db, config: QuotaConfig, userId: number, size = 0) {
  const files = config.UPLOAD_QUOTA_FILES_PER_DAY;
  const bytes = Math.floor(config.UPLOAD_QUOTA_MB_PER_DAY * MB);
  if (!files && !bytes) return;
  const [u] = await exec<{ n: number; total: string | number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(size), 0)::bigint as total
      from uploads where created_by = ${userId} and created_at > now() - interval '24 hours'`,
  );
  const total = Number(u.total);
  const overFiles = !!files && u.n + 1 > files;
  const overBytes = !!bytes && (size ? total + size > bytes : total >= bytes);
  if (!overFiles && !overBytes) return;
  // the oldest upload whose leaving (with those before it) makes room: k files and s bytes gone by then
  const [w] = await exec<{ wait: number | null }>(
    db,
    sql`select ceil(extract(epoch from (min(created_at) + interval '24 hours' - now())))::int as wait from (
        select created_at, count(*) over (order by created_at, id) as k, sum(size) over (order by created_at, id) as s
        from uploads where created_by = ${userId} and created_at > now() - interval '24 hours'
      ) w
      where (${files}::int = 0 or ${u.n}::int - k + 1 <= ${files}::int)
        and (${bytes}::bigint = 0 or ${total}::bigint - s + ${size}::bigint <= ${bytes}::bigint)`,
  );
  const wait = Math.max(1, w?.wait ?? 86_400);
  if (overFiles) throw tooMany(wait, `Bạn đã tải lên quá số tệp cho phép trong 24 giờ (tối đa ${files} tệp), vui lòng thử lại sau`);
  throw tooMany(wait, `Bạn đã tải lên quá dung lượng cho phép trong 24 giờ (tối đa ${mbText(config.UPLOAD_QUOTA_MB_PER_DAY)}), vui lòng thử lại sau`);
}

/**
 * Records an upload inside the user's quota: one transaction holding the user's advisory lock checks
 * the last 24 hours and inserts the row, so concurrent uploads of one user are counted one after
 * another (another user's uploads wait for nothing).
 */
export async function withinUploadQuota<T>(db: Db, config: QuotaConfig, userId: number | null, size: number, insert: (tx: Db) => Promise<T>): Promise<T> {
  if (userId == null || (!config.UPLOAD_QUOTA_FILES_PER_DAY && !config.UPLOAD_QUOTA_MB_PER_DAY)) return insert(db);
  return db.transaction(async (tx) => {
    await exec(tx, sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, ${userId}::int)`);
    await checkUploadQuota(tx, config, userId, size);
    return insert(tx);
  });
}
