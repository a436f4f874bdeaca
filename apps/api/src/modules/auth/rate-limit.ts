import { type SQL, sql } from 'drizzle-orm';
import { tooMany } from '../../core/errors';
import type { Services } from '../../core/services';
import { exec } from '../../db/sql';

/**
 * Attempt counters kept in the `login_attempts` table, so every API process sees the same counts.
 * A key is a string such as `login:user:<name>`; the window slides.
 *
 * A guess is reserved before its password is checked: one transaction takes an advisory lock per key
 * (any process queues there), counts what the window holds and adds a row under `pending:<key>`, or
 * adds nothing and answers 429. So concurrent guesses cannot all slip under a limit: failures plus
 * checks in flight never pass it. A failed check turns its row into a counted attempt; a passed one
 * takes it back.
 */
export interface Limit {
  key: string;
  /** attempts in the window; for a progressive limit, the attempts that pass with no delay */
  max: number;
  windowMinutes: number;
  /**
   * Progressive instead of a hard stop: past `max` failures an attempt must wait 2^(n-max) seconds
   * (n: failures in the window), at most `capSeconds`, after the last failure, and one is checked at a
   * time. Brute force stays slow; nobody is held out for the whole window.
   */
  progressive?: { capSeconds: number };
}

export const WINDOW_MINUTES = 15;
export const LOGIN_PER_ACCOUNT = 5;
export const LOGIN_PER_IP = 20;
/** reset requests per (e-mail, address) per window */
export const RESET_PER_EMAIL = 3;
export const RESET_PER_IP = 10;
export const CHANGE_PASSWORD_PER_USER = 5;

/** a check in flight holds its place this long at most (a process that died mid-check frees it then) */
const PENDING_SECONDS = 60;
/** how long a request waits for checks in flight to finish before it is told to come back */
const MAX_WAIT_MS = 3000;
const PENDING = 'pending:';
/** advisory lock class of the counters (two-int keys do not meet the migration's bigint key) */
const LOCK_CLASS = 72610002;

/** failures per (account, address) per window, then 429 for that pair only */
export const LOGIN_PER_ACCOUNT_ADDRESS = 5;
/** failures per device cookie per window, then 429 for that browser only */
export const LOGIN_PER_DEVICE = 5;
/** account-wide, for browsers without the account's device cookie: failures before delays start */
export const LOGIN_ACCOUNT_FREE = LOGIN_PER_ACCOUNT;
/** the longest delay between two guesses at one account from browsers without its device cookie */
export const LOGIN_ACCOUNT_MAX_DELAY_SECONDS = 60;

export const accountKey = (username: string) => `login:user:${username.trim().toLowerCase()}`;

/** account-wide failures a sign-in with a solved challenge may still add in a window (it only counts them) */
export const LOGIN_CHALLENGE_ACCOUNT_MAX = 100_000;

/**
 * The sign-in limits (OWASP's defence against slow brute force without lock-out by strangers):
 * - per address (20 per window) and per (account, address) (5): a stranger holds back only themselves;
 * - a browser carrying the account's device cookie (it signed in to it before) is limited per device
 *   (5) only: neither the account-wide limit nor its address's limit (an office behind one NAT) holds it;
 * - any other browser shares the account-wide limit, progressive (1, 2, 4 … 60 s between guesses
 *   past five failures), unless it brings a solved sign-in challenge (signin-challenge.ts): then its
 *   failures are only counted there, so an attacker holding the account's next turn cannot keep the
 *   owner's new browser out.
 */
export function loginLimits(username: string, ip: string, device: string | null, solved = false): Limit[] {
  const name = username.trim().toLowerCase();
  if (device) return [{ key: `login:device:${device}`, max: LOGIN_PER_DEVICE, windowMinutes: WINDOW_MINUTES }];
  return [
    { key: `login:pair:${name}|${ip}`, max: LOGIN_PER_ACCOUNT_ADDRESS, windowMinutes: WINDOW_MINUTES },
    { key: `login:ip:${ip}`, max: LOGIN_PER_IP, windowMinutes: WINDOW_MINUTES },
    solved
      ? { key: accountKey(name), max: LOGIN_CHALLENGE_ACCOUNT_MAX, windowMinutes: WINDOW_MINUTES }
      : { key: accountKey(name), max: LOGIN_ACCOUNT_FREE, windowMinutes: WINDOW_MINUTES, progressive: { capSeconds: LOGIN_ACCOUNT_MAX_DELAY_SECONDS } },
  ];
}

/** A 429 of reserve(): which limits held the attempt back. */
export interface Throttled {
  limitKeys: string[];
}

export interface Attempt {
  /** the check failed: the attempt counts under every key for the window */
  fail(): Promise<void>;
  /** the check passed, or was no guess: the attempt is taken back; `clearKeys` also forget earlier failures */
  release(clearKeys?: string[]): Promise<void>;
}

interface KeyState {
  key: string;
  /** counted attempts in the window reached the limit */
  full: boolean;
  /** counted attempts plus checks in flight reached it */
  busy: boolean;
  /** seconds until the window lets one more counted attempt through */
  wait: number;
}

/**
 * One try at a reservation. `count`: the row is a counted attempt straight away (every request
 * counts, as for reset requests); otherwise it is pending until fail() or release().
 */
async function tryReserve(s: Services, limits: Limit[], count: boolean): Promise<{ ids: number[] } | { states: KeyState[] }> {
  return s.db.transaction(async (tx) => {
    // in a statement of its own: the count below takes its snapshot after the lock is held
    const hashes = sql.join(
      limits.map((l) => sql`hashtext(${l.key}::text)`),
      sql`, `,
    );
    await exec(tx, sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, h) from (select unnest(array[${hashes}]) as h order by 1) s`);
    const lim = sql.join(
      limits.map((l) => sql`(${l.key}::text, ${l.max}::int, ${l.windowMinutes}::int, ${l.progressive?.capSeconds ?? 0}::int)`),
      sql`, `,
    );
    const [r] = await exec<{ states: KeyState[]; ids: number[] | null }>(
      tx,
      sql`with lim (key, max, mins, cap) as (values ${lim}),
      counted as (
        select l.key, l.max, count(a.id)::int as n,
          (array_agg(a.at order by a.at desc))[l.max] as decisive,
          max(a.at) as last_at,
          l.mins, l.cap,
          (select count(*)::int from login_attempts p where p.key = ${PENDING}::text || l.key
            and p.at > now() - make_interval(secs => ${PENDING_SECONDS})) as pend
        from lim l left join login_attempts a on a.key = l.key and a.at > now() - make_interval(mins => l.mins)
        group by l.key, l.max, l.mins, l.cap
      ),
      -- a progressive limit past its free attempts: the next may come this long after the last failure
      timed as (
        select c.*, case when c.cap > 0 and c.n >= c.max
          then c.last_at + make_interval(secs => least(c.cap::float8, power(2, c.n - c.max)::float8)) end as next_at
        from counted c
      ),
      states as (
        select t.key,
          case when t.cap > 0 then t.next_at is not null and now() < t.next_at else t.n >= t.max end as is_full,
          case when t.cap > 0 then t.pend > 0 and t.n + t.pend >= t.max else t.n + t.pend >= t.max end as is_busy,
          case when t.cap > 0 then
              case when t.next_at is null or now() >= t.next_at then 0 else greatest(1, ceil(extract(epoch from (t.next_at - now())))::int) end
            when t.decisive is null then 0
            else greatest(1, ceil(extract(epoch from (t.decisive + make_interval(mins => t.mins) - now())))::int) end as wait
        from timed t
      ),
      ins as (
        insert into login_attempts (key)
        select case when ${count}::boolean then key else ${PENDING}::text || key end from lim
        where not exists (select 1 from states where is_busy or is_full)
        returning id
      )
      select (select json_agg(json_build_object('key', key, 'full', is_full, 'busy', is_busy, 'wait', wait)) from states) as states,
        (select json_agg(id) from ins) as ids`,
    );
    return r.ids ? { ids: r.ids } : { states: r.states };
  });
}

/**
 * Wake-ups of this process's requests waiting for a key: a hint only (the database decides), so
 * a request whose turn came from another process finds out by its timer.
 */
const waiting = new Map<string, (() => void)[]>();
const heldHere = new Map<string, number>();

function hold(keys: string[], by: number) {
  for (const k of keys) {
    const n = (heldHere.get(k) ?? 0) + by;
    if (n > 0) heldHere.set(k, n);
    else heldHere.delete(k);
  }
}

function wakeOne(keys: string[]) {
  for (const k of keys) {
    const list = waiting.get(k);
    list?.shift()?.();
    if (list && !list.length) waiting.delete(k);
  }
}

function waitTurn(key: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const list = waiting.get(key) ?? [];
    waiting.set(key, list);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const i = list.indexOf(done);
      if (i >= 0) list.splice(i, 1);
      if (!list.length && waiting.get(key) === list) waiting.delete(key);
      resolve();
    }, ms);
    list.push(done);
  });
}

/**
 * Reserves one attempt under every key, or throws 429 with Retry-After when a limit is reached.
 * While only checks in flight fill the limit the request waits for them (up to 3 s), so a burst of
 * right passwords is served in turn rather than refused.
 */
export async function reserve(s: Services, limits: Limit[], message?: string, o: { count?: boolean } = {}): Promise<Attempt> {
  const keys = limits.map((l) => l.key);
  const until = Date.now() + MAX_WAIT_MS;
  // in this process, those already waiting for a key go first
  const queued = keys.find((k) => waiting.has(k) && heldHere.has(k));
  if (queued) await waitTurn(queued, 1000);
  for (;;) {
    const r = await tryReserve(s, limits, !!o.count);
    if ('ids' in r) return attempt(s, keys, r.ids, !!o.count);
    const full = r.states.filter((k) => k.full);
    if (full.length) {
      // the next in line learns the same at once
      wakeOne(full.map((k) => k.key));
      throw Object.assign(tooMany(Math.max(...full.map((k) => k.wait)), message), { limitKeys: full.map((k) => k.key) } satisfies Throttled);
    }
    const left = until - Date.now();
    if (left <= 0) throw Object.assign(tooMany(1, message), { limitKeys: r.states.filter((k) => k.busy).map((k) => k.key) } satisfies Throttled);
    const key = (r.states.find((k) => k.busy) as KeyState).key;
    // a check of this process ends with a wake-up; one of another process only shows to a new look
    await waitTurn(key, Math.min(left, heldHere.has(key) ? 1000 : 50 + Math.random() * 100));
  }
}

function attempt(s: Services, keys: string[], ids: number[], counted: boolean): Attempt {
  if (counted) {
    return { fail: async () => {}, release: async () => {} };
  }
  hold(keys, 1);
  let settled = false;
  const settle = async (q: SQL) => {
    if (settled) return;
    settled = true;
    try {
      await exec(s.db, q);
    } finally {
      hold(keys, -1);
      wakeOne(keys);
    }
  };
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return {
    fail: () => settle(sql`update login_attempts set key = substr(key, ${PENDING.length + 1}), at = now() where id in (${idList})`),
    release: (clearKeys = []) =>
      settle(
        clearKeys.length
          ? sql`delete from login_attempts where id in (${idList}) or key in (${sql.join(
              clearKeys.map((k) => sql`${k}::text`),
              sql`, `,
            )})`
          : sql`delete from login_attempts where id in (${idList})`,
      ),
  };
}
