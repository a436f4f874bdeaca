import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';

/** Crockford's base32 alphabet: no I, L, O, U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 13 characters × 5 bits = 65 bits, all from the CSPRNG (issue 14: ≥ 64 bits, short for a small QR). */
export const CODE_LENGTH = 13;
const BYTES_PER_CODE = 9;

/** `n` random stamp codes: 65 bits each from crypto.randomBytes, written in Crockford base32. */
export function randomCodes(n: number): string[] {
  const buf = crypto.randomBytes(n * BYTES_PER_CODE);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const o = i * BYTES_PER_CODE;
    // 72 bits in hand as a 40-bit and a 32-bit half; the first 65 make the 13 characters
    const hi = buf[o] * 2 ** 32 + buf.readUInt32BE(o + 1); // 40 bits
    const lo = buf.readUInt32BE(o + 5); // 32 bits
    let s = '';
    for (let k = 0; k < 8; k++) s += ALPHABET[Math.floor(hi / 2 ** (35 - 5 * k)) % 32];
    // bits 40..64: the 25 high bits of lo
    for (let k = 0; k < 5; k++) s += ALPHABET[(lo >>> (27 - 5 * k)) & 31];
    out[i] = s;
  }
  return out;
}

/** Rows per insert statement: one text parameter of ~14 bytes a code, split in the database. */
const CHUNK = 25_000;

/**
 * Writes the codes of serials [from, from + n) of a run: a few set-based inserts (the codes travel as
 * one comma-joined text parameter per chunk, unnested with their ordinality into serials), so 100,000
 * stamps are a handful of statements on either engine. A code that happens to exist already (odds
 * 2^-65 per pair) is drawn again for its serial.
 */
export async function insertCodes(db: Db, stampId: number, from: number, n: number) {
  let missing: number[] = Array.from({ length: 0 });
  for (let start = 0; start < n; start += CHUNK) {
    const count = Math.min(CHUNK, n - start);
    const codes = randomCodes(count);
    const first = from + start;
    const rows = await exec<{ serial: string | number }>(
      db,
      sql`insert into stamp_codes (stamp_id, serial, code)
          select ${stampId}, ${first}::bigint + t.ord - 1, t.code from unnest(string_to_array(${codes.join(',')}, ',')) with ordinality as t(code, ord)
          on conflict (code) do nothing returning serial`,
    );
    if (rows.length < count) {
      const got = new Set(rows.map((r) => Number(r.serial)));
      for (let s = first; s < first + count; s++) if (!got.has(s)) missing.push(s);
    }
  }
  for (let tries = 0; missing.length && tries < 5; tries++) {
    const codes = randomCodes(missing.length);
    const rows = await exec<{ serial: string | number }>(
      db,
      sql`insert into stamp_codes (stamp_id, serial, code)
          select ${stampId}, t.serial, t.code from unnest(string_to_array(${missing.join(',')}, ',')::bigint[], string_to_array(${codes.join(',')}, ',')) as t(serial, code)
          on conflict (code) do nothing returning serial`,
    );
    const got = new Set(rows.map((r) => Number(r.serial)));
    missing = missing.filter((s) => !got.has(s));
  }
  if (missing.length) throw new Error('could not draw unique stamp codes');
}
