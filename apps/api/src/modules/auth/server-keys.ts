import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Services } from '../../core/services';
import type { Database } from '../../db/client';
import { exec } from '../../db/sql';

/**
 * The server's HMAC keys, in one place: each is 32 random bytes made once in `settings` (insert if
 * absent, so every process reads the same one) and kept per database handle. `device_cookie_key`
 * signs device cookies (device-cookie.ts); `signin_challenge_key` signs the sign-in challenges
 * (signin-challenge.ts). A key never leaves the server and is never logged.
 */
export type ServerKeyName = 'device_cookie_key' | 'signin_challenge_key';

const keys = new WeakMap<Database, Map<ServerKeyName, Promise<Buffer>>>();

export function serverKey(s: Services, name: ServerKeyName): Promise<Buffer> {
  let byName = keys.get(s.database);
  if (!byName) {
    byName = new Map();
    keys.set(s.database, byName);
  }
  let k = byName.get(name);
  if (!k) {
    k = (async () => {
      const fresh = crypto.randomBytes(32).toString('base64');
      // of several processes making it at once, the first insert wins and all read that one
      await exec(s.db, sql`insert into settings (key, value) values (${name}, to_jsonb(${fresh}::text)) on conflict (key) do nothing`);
      const [r] = await exec<{ v: string }>(s.db, sql`select value #>> '{}' as v from settings where key = ${name}`);
      return Buffer.from(r.v, 'base64');
    })();
    k.catch(() => byName?.delete(name));
    byName.set(name, k);
  }
  return k;
}

export const hmac = (key: Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest();
