import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './lib/pool-size';
import { parseStorageUrl, type StorageSpec } from './lib/storage-url';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(v: string): boolean {
  if (RANGE_NAMES.has(v)) return true;
  const [addr, mask, ...rest] = v.split('/');
  const kind = isIP(addr);
  if (!kind || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (kind === 4 ? 32 : 128);
  return kind === 4 && isIP(mask) === 4;
}

/**
 * Which peers may tell the client's address in X-Forwarded-For (and the host and protocol in
 * X-Forwarded-*): nobody by default, since a client talking straight to the server could otherwise
 * pick the address the sign-in limits count and the system log records.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): boolean | number | string[] => {
    const v = raw.trim();
    if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
    if (/^\d+$/.test(v) && Number(v) <= 100) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isAddressOrRange(x));
    if (!list.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `phải là true, false, số lớp proxy (ví dụ 1) hoặc danh sách địa chỉ/CIDR cách nhau bởi dấu phẩy (ví dụ 127.0.0.1,10.0.0.0/8)${bad.length ? `; không hiểu: ${bad.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify refuses a bare hop count (it cannot check the
 * nearest peer), so a number becomes a function trusting that many hops from the server outwards:
 * right only when the server can be reached solely through that many proxies (README).
 */
export function trustProxyOption(v: boolean | number | string[]): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'number') return v > 0 ? (_addr, hop) => hop < v : false;
  return v;
}

/** Configuration from the environment, checked once at start with a clear message (README lists each). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'phải bắt đầu bằng postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, 'tối thiểu 1').max(200, 'tối đa 200').default(DEFAULT_POOL_SIZE),
  DATABASE_SHARED_READS: z.enum(['yes', 'no']).default('yes'),
  ADMIN_PASSWORD: z.string().min(8, 'tối thiểu 8 ký tự').max(128).optional(),
  PUBLIC_URL: z.string().url('phải là một URL đầy đủ, ví dụ https://nongnghiep.example.vn').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'phải bắt đầu bằng smtp:// hoặc smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Hệ thống Nông nghiệp số <no-reply@localhost>'),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** idle and absolute lifetime of a sign-in token */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /** a resolved sign-in token is reused this long unless a change to users, roles or sessions empties the cache; 0 = ask the database on every request */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** embedded engine only: a list or read answer is reused this long while nothing is written (core/answer-cache.ts); 0 = never */
  ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  /** a deep list page remembers the position of every this-many-th row (core/page-anchors.ts), so a jump far into a list reads from the nearest one; 0 = off */
  PAGE_ANCHOR_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** on SIGTERM, how long new requests are still accepted and answered 503 before the server stops listening */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  /** load Vietnam's official administrative list (db/reference) at start: all of it into a new database, what is missing into an older one */
  OFFICIAL_UNITS: z.enum(['yes', 'no']).default('yes'),
  WEB_DIST: z.string().optional(),
  /** on: the server compresses what it sends (brotli or gzip by Accept-Encoding; built files from their .br/.gz); off: a proxy in front does it */
  HTTP_COMPRESSION: z.enum(['on', 'off'], { error: 'phải là on hoặc off' }).default('on'),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** where files live: unset or file: = DATA_DIR/uploads; s3://BUCKET[/PREFIX]?endpoint=…&region=…&path_style=true (lib/storage-url.ts) */
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseStorageUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** uploads allowed to one user in any 24 hours: files and megabytes (0 = no limit) */
  UPLOAD_QUOTA_FILES_PER_DAY: z.coerce
    .number({ message: 'phải là một số' })
    .int('phải là số nguyên')
    .min(0, 'không được âm (0 = không giới hạn)')
    .max(1_000_000, 'tối đa 1000000')
    .default(500),
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce
    .number({ message: 'phải là một số' })
    .min(0, 'không được âm (0 = không giới hạn)')
    .max(10_000_000, 'tối đa 10000000')
    .default(1024),
  /** a stamp scanned more than this many times is flagged as a possible counterfeit (issue 14 §7) */
  SCAN_FLAG_AFTER: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(1, 'tối thiểu 1').max(1000, 'tối đa 1000').default(5),
  /** background jobs (core/jobs.ts) this process runs at once, and one user's jobs running at once across processes */
  JOBS_CONCURRENCY: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(1, 'tối thiểu 1').max(32, 'tối đa 32').default(2),
  JOBS_PER_USER: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(1, 'tối thiểu 1').max(32, 'tối đa 32').default(2),
  /** scans counted from one client address in 10 minutes; the page is still shown past it, uncounted */
  SCAN_RATE_PER_10_MIN: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(1, 'tối thiểu 1').max(100000, 'tối đa 100000').default(30),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** raw monitoring readings older than this many months are dropped, a month partition at a time (roll-ups stay) */
  MONITORING_RETENTION_MONTHS: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(1, 'tối thiểu 1').max(600).default(24),
  /** a station in band 1 ('Cảnh báo') this long raises an alert; out of band 1 this long clears it (hysteresis) */
  MONITORING_ALERT_ENTER_MINUTES: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(0).max(10080).default(15),
  MONITORING_ALERT_CLEAR_MINUTES: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(0).max(10080).default(30),
  /** how often each process checks monitoring alerts (seconds; 0: never, tests drive it themselves) */
  MONITORING_ALERT_CHECK_SECONDS: z.coerce.number({ message: 'phải là một số' }).int('phải là số nguyên').min(0).max(3600).default(60),
  /** an MQTT broker to subscribe to (mqtt://host:1883): devices publish to stations/{code}/readings */
  MQTT_URL: z.string().url('phải là một URL, ví dụ mqtt://127.0.0.1:1883').optional(),
  /** yes: the broker authenticates each device and its ACL lets it publish only to its own stations/{code}/readings, so the topic names the device and a message needs no device_key (docs/monitoring.md) */
  MQTT_TRUST_TOPIC: z.enum(['yes', 'no'], { error: 'phải là yes hoặc no' }).default('no'),
});

/** Checks that concern several variables, each with its own message. */
function crossChecks(c: z.infer<typeof schema>): string[] {
  const out: string[] = [];
  if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY) {
    out.push(`  ${c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: phải đặt cả S3_ACCESS_KEY_ID và S3_SECRET_ACCESS_KEY (hoặc bỏ cả hai)`);
  }
  return out;
}

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string; storage: StorageSpec };

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Cấu hình không hợp lệ (biến môi trường):\n${lines.join('\n')}`);
  }
  const cross = crossChecks(parsed.data);
  if (cross.length) throw new Error(`Cấu hình không hợp lệ (biến môi trường):\n${cross.join('\n')}`);
  const c = { ...parsed.data, ...overrides } as Config;
  c.storage = parseStorageUrl(c.STORAGE_URL);
  c.dataDir = path.resolve(c.DATA_DIR);
  c.publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return c;
}
