import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Services } from '../../core/services';
import { exec } from '../../db/sql';
import { hmac, serverKey } from './server-keys';

/**
 * The sign-in challenge: a proof of work in the ALTCHA scheme (altcha.org's open protocol, no third
 * party, no CAPTCHA to read). The server hands out `{algorithm, challenge, maxnumber, salt, signature}`:
 * `salt` is random and carries its expiry (`?expires=<unix seconds>`), `challenge` =
 * SHA-256(salt + number) for a secret number in [0, maxnumber], `signature` = HMAC-SHA256(key,
 * challenge). The browser tries numbers in a Web Worker until the hash matches (about half a second
 * on a phone) and sends back the base64 of `{algorithm, challenge, number, salt, signature}`. The
 * server checks the signature, the expiry and the hash, and accepts each challenge once.
 *
 * Why (OWASP Authentication Cheat Sheet, 'Login Throttling' and 'CAPTCHA'): a shared account-wide
 * delay is a gate that whoever guesses fastest holds, so an attacker guessing every half second keeps
 * a new browser out for ever. A sign-in that carries a solved challenge skips that gate (its failures
 * still count, per address and per (account, address)): the owner gets in after seconds of work,
 * while every guess costs the attacker the same work, on top of the per-address limits.
 */
export const CHALLENGE_ALGORITHM = 'SHA-256';
/** the key of a 429's data that asks the browser to solve a challenge and send the sign-in again */
export const CHALLENGE_REQUIRED = 'challenge_required';
/** the largest secret number: 200,000 hashes on average, under a second in a phone's browser */
export const CHALLENGE_MAX_NUMBER = 400_000;
/** a challenge must be solved and used within this time */
export const CHALLENGE_SECONDS = 300;
/** advisory lock class of the once-only check */
const LOCK_CLASS = 72610003;

const sha256hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const challengeKey = (s: Services) => serverKey(s, 'signin_challenge_key');

export interface Challenge {
  algorithm: typeof CHALLENGE_ALGORITHM;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** A new challenge; `number` fixes the secret (tests only). */
export async function createChallenge(s: Services, o: { number?: number; expiresAt?: number } = {}): Promise<Challenge> {
  const expires = o.expiresAt ?? Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS;
  const salt = `${crypto.randomBytes(12).toString('hex')}?expires=${expires}`;
  const number = o.number ?? crypto.randomInt(0, CHALLENGE_MAX_NUMBER + 1);
  const challenge = sha256hex(`${salt}${number}`);
  const signature = hmac(await challengeKey(s), challenge).toString('hex');
  return { algorithm: CHALLENGE_ALGORITHM, challenge, maxnumber: CHALLENGE_MAX_NUMBER, salt, signature };
}

/** The solution of a challenge (what the browser computes): the number whose hash is the challenge. */
export function solveChallenge(c: Pick<Challenge, 'challenge' | 'salt' | 'maxnumber'>): number | null {
  for (let n = 0; n <= c.maxnumber; n++) if (sha256hex(`${c.salt}${n}`) === c.challenge) return n;
  return null;
}

export const encodeSolution = (c: Challenge, number: number) =>
  Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature })).toString('base64');

/**
 * Whether `payload` is a solved, unexpired challenge of this server not used before; it is used up
 * by this call (a second request with it is refused), in a step every process agrees on.
 */
export async function redeemSolution(s: Services, payload: string): Promise<boolean> {
  let v: { algorithm?: unknown; challenge?: unknown; number?: unknown; salt?: unknown; signature?: unknown };
  try {
    v = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (v.algorithm !== CHALLENGE_ALGORITHM || typeof v.challenge !== 'string' || typeof v.salt !== 'string' || typeof v.signature !== 'string') return false;
  if (typeof v.number !== 'number' || !Number.isInteger(v.number) || v.number < 0 || v.number > CHALLENGE_MAX_NUMBER) return false;
  if (!/^[0-9a-f]{64}$/.test(v.challenge) || !/^[0-9a-f]{64}$/.test(v.signature)) return false;
  const expected = hmac(await challengeKey(s), v.challenge);
  if (!crypto.timingSafeEqual(expected, Buffer.from(v.signature, 'hex'))) return false;
  const expires = Number(/[?&]expires=(\d+)/.exec(v.salt)?.[1]);
  if (!expires || expires * 1000 < Date.now()) return false;
  if (sha256hex(`${v.salt}${v.number}`) !== v.challenge) return false;
  // once only: under a lock per challenge, a used one is remembered until it would have expired anyway
  const key = `challenge-used:${v.challenge}`;
  return s.db.transaction(async (tx) => {
    await exec(tx, sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}::text))`);
    if ((await exec(tx, sql`select 1 from login_attempts where key = ${key} limit 1`)).length) return false;
    await exec(tx, sql`insert into login_attempts (key, at) values (${key}, to_timestamp(${expires}))`);
    return true;
  });
}
