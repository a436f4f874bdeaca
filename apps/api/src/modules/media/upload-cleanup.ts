import { UPLOAD_PREFIX } from '@nns/shared';
import { resources } from '@nns/shared/registry';
import { type SQL, sql } from 'drizzle-orm';
import { writeAudit } from '../../core/audit';
import { col } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { thumbKeyOf } from './media-types';

/** An upload no record names is removed once it is this old (a form may stay open a while). */
export const ORPHAN_AGE_HOURS = 24;
export const uploadCleanupLimits = { batch: 200, everyMs: 3600_000 };

/**
 * "Some record names the upload `u`": for every declared resource, its image and file columns (text),
 * its images and files columns (jsonb arrays of URLs) and its rich texts (the URL anywhere in the
 * HTML; matched on the key without its extension, so a thumbnail's URL counts too). Soft-deleted
 * records count: a restore brings their files back. Users' avatars are a declared image field.
 */
export function referencedSql(): SQL {
  const url = sql`(${UPLOAD_PREFIX} || u.key)`;
  const stem = sql`regexp_replace(u.key, '\\.[a-z0-9]+$', '')`;
  const checks: SQL[] = [];
  for (const def of resources) {
    const t = col(def.table);
    for (const [key, f] of Object.entries(def.fields)) {
      const c = sql`r.${col(key)}`;
      if (f.kind === 'image' || f.kind === 'file') {
        checks.push(sql`exists (select 1 from ${t} r where ${c} = ${url})`);
      } else if (f.kind === 'images' || f.kind === 'files') {
        checks.push(
          sql`exists (select 1 from ${t} r cross join lateral jsonb_array_elements_text(case when jsonb_typeof(${c}) = 'array' then ${c} else '[]'::jsonb end) e(v) where e.v = ${url})`,
        );
      } else if (f.kind === 'richtext') {
        checks.push(sql`exists (select 1 from ${t} r where strpos(${c}, ${stem}) > 0)`);
      }
    }
  }
  return checks.length ? sql`(${sql.join(checks, sql` or `)})` : sql`false`;
}

/**
 * Removes uploads older than a day that no record names: the rows in batches, each batch claimed with
 * `for update skip locked` and deleted in one transaction, so several processes running this at once
 * each take other rows; the files (and thumbnails) leave the store after the commit. Answers how many
 * were removed, and notes that in the system log when any were.
 */
export async function cleanupUploads(s: Pick<Services, 'database' | 'storage' | 'log'>): Promise<number> {
  const referenced = referencedSql();
  let after = 0;
  let total = 0;
  for (;;) {
    const claimed = await s.database.db.transaction(async (tx) => {
      const rows = await exec<{ id: number; key: string; mime: string }>(
        tx,
        sql`select u.id, u.key, u.mime from uploads u
          where u.id > ${after} and u.created_at < now() - make_interval(hours => ${ORPHAN_AGE_HOURS}) and not ${referenced}
          order by u.id limit ${uploadCleanupLimits.batch} for update of u skip locked`,
      );
      if (!rows.length) return [];
      const ids = rows.map((r) => Number(r.id));
      const gone = await exec<{ id: number; key: string }>(tx, sql`delete from uploads where id = any(${`{${ids.join(',')}}`}::int[]) returning id, key`);
      return gone.map((r) => ({ id: Number(r.id), key: r.key }));
    });
    for (const r of claimed) {
      // a missing file (removed by hand, never written) is not an error
      for (const k of [r.key, thumbKeyOf(r.key)]) {
        await s.storage.remove(k).catch((err) => s.log.warn({ err, key: k }, 'upload clean-up: file not removed'));
      }
    }
    total += claimed.length;
    if (claimed.length < uploadCleanupLimits.batch) break;
    after = Math.max(...claimed.map((r) => r.id));
  }
  if (total) {
    await writeAudit(s.database.db, null, { action: 'cleanup-uploads', subject: 'uploads', after: { removed: total } });
    s.log.info({ removed: total }, 'unused uploads removed');
  }
  return total;
}

/** Runs the clean-up now (the app is ready), then every hour; the result stops it, letting a run under way finish. */
export function startUploadCleanup(s: Services) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await cleanupUploads(s);
    } catch (err) {
      if (!stopped) s.log.warn({ err }, 'upload clean-up failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), uploadCleanupLimits.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    while (running) await new Promise((r) => setTimeout(r, 10));
  };
}
