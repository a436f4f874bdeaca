/**
 * Who scanned (issue 28 §1): the counterfeit signal counts distinct scanners, not page views. A
 * scanner is a browser known by a first-party cookie the page sets (`nns_scan`: random, HttpOnly,
 * SameSite=Lax, 30 days); the address (an IPv6 address by its /64, what one subscriber holds) and the
 * user agent are the fallback, so a client that drops or forges cookies still counts once per address
 * and browser. Only hashes are stored. The scan token the page returns lets the same client attach a
 * location to the scan it just made: 128 random bits, stored hashed, valid 10 minutes, used once.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SCAN_COOKIE = 'nns_scan';
export const SCAN_COOKIE_DAYS = 30;
/** Repeat views of one code by one client within this window count once. */
export const SCANNER_WINDOW_DAYS = 30;
export const SCAN_TOKEN_MINUTES = 10;
const COOKIE_RE = /^[A-Za-z0-9_-]{22,64}$/;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('base64url').slice(0, 32);

export interface ScanClient {
  /** hash of the cookie, or of address and user agent when the request brought no cookie */
  client: string;
  /** hash of address and user agent: the fallback every view is also checked against */
  addr: string;
  /** a new cookie to set (the request brought none, or a malformed one) */
  newCookie: string | null;
}

function readCookie(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SCAN_COOKIE) {
      const v = part.slice(eq + 1).trim();
      return COOKIE_RE.test(v) ? v : null;
    }
  }
  return null;
}

/** An IPv6 address by its /64 (a subscriber's prefix: its lower half is theirs to rotate); IPv4 as is. */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0].toLowerCase();
  if (bare.startsWith('::ffff:') && bare.includes('.')) return bare.slice(7);
  const [head, tail = ''] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = bare.includes('::') && tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The client of a view; sets nothing (`setScanCookie` does, for a counted view). */
export function scanClientOf(req: FastifyRequest): ScanClient {
  const addr = sha(`a|${addressKey(req.ip)}|${req.headers['user-agent'] ?? ''}`);
  const cookie = readCookie(req);
  if (cookie) return { client: sha(`c|${cookie}`), addr, newCookie: null };
  const fresh = crypto.randomBytes(16).toString('base64url');
  // the first view is known by the cookie it is given: the reload that brings it back is the same client
  return { client: sha(`c|${fresh}`), addr, newCookie: fresh };
}

export function setScanCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.header('set-cookie', `${SCAN_COOKIE}=${value}; Path=/; Max-Age=${SCAN_COOKIE_DAYS * 86400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

/** The client a location request comes from: its cookie's hash, or null without one. */
export function cookieClientOf(req: FastifyRequest): string | null {
  const cookie = readCookie(req);
  return cookie ? sha(`c|${cookie}`) : null;
}

export const addrOf = (req: FastifyRequest) => sha(`a|${addressKey(req.ip)}|${req.headers['user-agent'] ?? ''}`);

/** A new scan token and the hash stored with the scan. */
export function newScanToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(16).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const isScanToken = (v: string) => TOKEN_RE.test(v);
