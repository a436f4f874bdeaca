import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../core/services';
import { serverKey } from './server-keys';

/**
 * Device cookies (OWASP, "Slow brute force defence with device cookies"): after a successful
 * sign-in the browser gets an httpOnly cookie naming the account and a random nonce, signed with an
 * HMAC key. A browser that presents a valid one for the account it signs in to is limited on its own
 * (per device) and exempt from the account-wide limit, so strangers failing at that account cannot
 * keep its owner out. The key is `device_cookie_key` (server-keys.ts).
 */
export const DEVICE_COOKIE_DAYS = 180;
/** sent only to the sign-in route */
const COOKIE_PATH = '/api/auth/login';

const deviceKey = (s: Services) => serverKey(s, 'device_cookie_key');

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const norm = (username: string) => username.trim().toLowerCase();

/** One cookie per account, so a shared browser keeps each account's. */
export const deviceCookieName = (username: string) => `nns_device_${crypto.createHash('sha256').update(norm(username)).digest('hex').slice(0, 16)}`;

function sign(key: Buffer, body: string): string {
  return b64(crypto.createHmac('sha256', key).update(body).digest());
}

function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The nonce of the request's valid device cookie for this account, or null. */
export async function deviceOf(s: Services, req: FastifyRequest, username: string): Promise<string | null> {
  const raw = readCookie(req, deviceCookieName(username));
  if (!raw || raw.length > 512) return null;
  const [body, mac] = raw.split('.');
  if (!body || !mac) return null;
  const expected = sign(await deviceKey(s), body);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: string; n?: string; t?: number };
    if (v.u !== norm(username) || typeof v.n !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(v.n) || typeof v.t !== 'number') return null;
    if (Date.now() - v.t * 1000 > DEVICE_COOKIE_DAYS * 86400_000) return null;
    return v.n;
  } catch {
    return null;
  }
}

/** Gives the browser (a new, or its renewed) device cookie for the account it just signed in to. */
export async function issueDeviceCookie(s: Services, reply: FastifyReply, username: string, nonce?: string | null) {
  const body = b64(JSON.stringify({ u: norm(username), n: nonce ?? b64(crypto.randomBytes(18)), t: Math.floor(Date.now() / 1000) }));
  const value = `${body}.${sign(await deviceKey(s), body)}`;
  const secure = s.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${deviceCookieName(username)}=${value}; Path=${COOKIE_PATH}; Max-Age=${DEVICE_COOKIE_DAYS * 86400}; HttpOnly; SameSite=Strict${secure}`,
  );
}
