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

/** What the user uploaded in the last 24 hours, and in how many seconds the oldest of it leaves the window. */
async function usage(db: Db, userId: number) {
  const [u] = await exec<{ n: number; bytes: string | number; wait: number | null }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(size), 0)::bigint as bytes,
      ceil(extract(epoch from (min(created_at) + interval '24 hours' - now())))::int as wait
      from uploads where created_by = ${userId} and created_at > now() - interval '24 hours'`,
  );
  return { n: u.n, bytes: Number(u.bytes), wait: Math.max(1, u.wait ?? 1) };
}

/**
 * Refuses (429 with Retry-After) an upload of `size` bytes that would take the user past the files or
 * megabytes allowed in 24 hours. 0 = no limit. Without `size`, only whether the user has room left.
 */
export async function checkUploadQuota(db: Db, config: QuotaConfig, userId: number, size = 0) {
  const files = config.UPLOAD_QUOTA_FILES_PER_DAY;
  const bytes = config.UPLOAD_QUOTA_MB_PER_DAY * MB;
  if (!files && !bytes) return;
  const u = await usage(db, userId);
  if (files && u.n + 1 > files) {
    throw tooMany(u.wait, `Bạn đã tải lên quá số tệp cho phép trong 24 giờ (tối đa ${files} tệp), vui lòng thử lại sau`);
  }
  if (bytes && (u.bytes + size > bytes || (size === 0 && u.bytes >= bytes))) {
    throw tooMany(u.wait, `Bạn đã tải lên quá dung lượng cho phép trong 24 giờ (tối đa ${mbText(config.UPLOAD_QUOTA_MB_PER_DAY)}), vui lòng thử lại sau`);
  }
}

/**
 * Records an upload inside the user's quota: one transaction holding the user's advisory lock checks
 * the last 24 hours and inserts the row, so concurrent uploads of one user are counted one after
 * another (another user's uploads wait for nothing).
 */
export async function withinUploadQuota<T>(db: Db, config: QuotaConfig, userId: number | null, size: number, insert: (tx: Db) => Promise<T>): Promise<T> {
  if (userId == null || (!config.UPLOAD_QUOTA_FILES_PER_DAY && !config.UPLOAD_QUOTA_MB_PER_DAY)) return insert(db);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, ${userId}::int)`);
    await checkUploadQuota(tx, config, userId, size);
    return insert(tx);
  });
}
