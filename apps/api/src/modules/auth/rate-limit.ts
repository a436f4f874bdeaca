import { sql } from 'drizzle-orm';
import { tooMany } from '../../core/errors';
import type { Services } from '../../core/services';

/**
 * Attempt counters kept in the `login_attempts` table, so every API process sees the same counts.
 * A key is a string such as `login:user:<name>`; the window slides.
 */
export interface Limit {
  key: string;
  max: number;
  windowMinutes: number;
}

export const WINDOW_MINUTES = 15;
export const LOGIN_PER_ACCOUNT = 5;
export const LOGIN_PER_IP = 20;
export const RESET_PER_EMAIL = 3;
export const RESET_PER_IP = 10;
export const CHANGE_PASSWORD_PER_USER = 5;

export const loginLimits = (username: string, ip: string): Limit[] => [
  { key: `login:user:${username.trim().toLowerCase()}`, max: LOGIN_PER_ACCOUNT, windowMinutes: WINDOW_MINUTES },
  { key: `login:ip:${ip}`, max: LOGIN_PER_IP, windowMinutes: WINDOW_MINUTES },
];

/**
 * Seconds until the key is below its limit again, or 0 when it is below now: the max-th newest
 * attempt inside the window decides, since once it leaves, max-1 remain.
 */
async function waitFor(s: Services, l: Limit): Promise<number> {
  const rows = await s.database.query<{ wait: number }>(sql`select ceil(extract(epoch from
      (at + make_interval(mins => ${l.windowMinutes}) - now())))::int as wait
    from login_attempts where key = ${l.key} and at > now() - make_interval(mins => ${l.windowMinutes})
    order by at desc offset ${l.max - 1} limit 1`);
  return rows[0] ? Math.max(1, Number(rows[0].wait)) : 0;
}

/** Throws 429 with Retry-After when any of the limits is reached. */
export async function assertBelow(s: Services, limits: Limit[], message?: string) {
  let wait = 0;
  for (const l of limits) wait = Math.max(wait, await waitFor(s, l));
  if (wait > 0) throw tooMany(wait, message);
}

/** Counts one attempt under every key; old rows of these keys are dropped on the way. */
export async function record(s: Services, limits: Limit[]) {
  const keys = limits.map((l) => l.key);
  await s.database.query(
    sql`insert into login_attempts (key) values ${sql.join(
      keys.map((k) => sql`(${k})`),
      sql`, `,
    )}`,
  );
  await s.database.query(sql`delete from login_attempts where key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})
    and at < now() - interval '1 day'`);
}

export async function clear(s: Services, key: string) {
  await s.database.query(sql`delete from login_attempts where key = ${key}`);
}
