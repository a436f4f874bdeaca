import type { FastifyRequest } from 'fastify';
import { instanceId } from '../../core/instance-id';
import { redactedUrl } from '../../core/secret-path';
import type { Services } from '../../core/services';
import { auditLogs } from '../../db/schema/core';

/** The system log's subject of failed and throttled sign-ins ('Đăng nhập' in the logs page's filter). */
export const LOGIN_LOG_SUBJECT = 'auth';

export type LoginFailure = 'wrong_password' | 'unknown_user' | 'locked_account';
export type LoginThrottle = 'address' | 'account_address' | 'account' | 'device';

const REASONS: Record<LoginFailure | LoginThrottle, string> = {
  wrong_password: 'Sai mật khẩu',
  unknown_user: 'Tên đăng nhập không tồn tại',
  locked_account: 'Tài khoản đã bị khóa (mật khẩu đúng)',
  address: 'Địa chỉ này đăng nhập sai quá nhiều lần',
  account_address: 'Tài khoản này bị đăng nhập sai quá nhiều lần từ địa chỉ này',
  account: 'Tài khoản này bị đăng nhập sai nhiều lần từ các trình duyệt lạ: phải chờ giữa hai lần thử',
  device: 'Trình duyệt này đăng nhập sai quá nhiều lần',
};

/** The reason of a 429 held back by these `login:…` keys: the hard limits before the account-wide delay. */
export function throttleReason(keys: string[]): LoginThrottle {
  const order: LoginThrottle[] = ['account_address', 'device', 'address', 'account'];
  return keys.map(throttleOf).sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? 'account';
}

/** Which limit a `login:…` key is. */
export function throttleOf(key: string): LoginThrottle {
  if (key.startsWith('login:ip:')) return 'address';
  if (key.startsWith('login:pair:')) return 'account_address';
  if (key.startsWith('login:device:')) return 'device';
  return 'account';
}

/** throttled sign-ins are logged once per (reason, name, address) per minute and process: an attack cannot flood the log */
const THROTTLE_LOG_EVERY_MS = 60_000;
const lastThrottleLog = new Map<string, number>();

/**
 * A failed or throttled sign-in in the system log (audit_logs, subject 'auth'): the user name tried
 * (as actor_username, with no actor_id: it is a claim, not a user), the address, the reason, the
 * account's id when it exists. Never the password. A log failure does not change the answer.
 */
export async function logSignIn(
  s: Services,
  req: FastifyRequest,
  e: {
    action: 'login-failed' | 'login-throttled';
    username: string;
    reason: LoginFailure | LoginThrottle;
    userId?: number | null;
    code: number;
    retryAfter?: number;
    trustedDevice: boolean;
  },
) {
  const username = e.username.trim().slice(0, 255);
  if (e.action === 'login-throttled') {
    // per app (its database handle), as every process-wide map here: two apps in one process (the API
    // test files share worker processes) each log their own first throttle
    const k = `${instanceId(s.db)}|${e.reason}|${username.toLowerCase()}|${req.ip}`;
    const now = Date.now();
    if (now - (lastThrottleLog.get(k) ?? 0) < THROTTLE_LOG_EVERY_MS) return;
    lastThrottleLog.set(k, now);
    if (lastThrottleLog.size > 10_000) {
      for (const [key, at] of lastThrottleLog) if (now - at >= THROTTLE_LOG_EVERY_MS) lastThrottleLog.delete(key);
    }
  }
  try {
    await s.db.insert(auditLogs).values({
      actor_id: null,
      actor_username: username,
      action: e.action,
      subject: LOGIN_LOG_SUBJECT,
      record_id: e.userId ? String(e.userId) : null,
      method: req.method,
      path: redactedUrl(req).split('?')[0],
      code: e.code,
      ip: req.ip,
      user_agent: req.headers['user-agent']?.slice(0, 500) ?? null,
      before: null,
      after: {
        username,
        reason: REASONS[e.reason],
        reason_code: e.reason,
        trusted_device: e.trustedDevice,
        ...(e.retryAfter ? { retry_after_seconds: e.retryAfter } : {}),
      },
    });
  } catch (err) {
    req.log.error({ err }, 'sign-in log failed');
  }
}
