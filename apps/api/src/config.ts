import path from 'node:path';
import { z } from 'zod';

/** Configuration from the environment, checked once at start with a clear message (README lists each). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'phải bắt đầu bằng postgres://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, 'tối thiểu 8 ký tự').max(128).optional(),
  PUBLIC_URL: z.string().url('phải là một URL đầy đủ, ví dụ https://nongnghiep.example.vn').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'phải bắt đầu bằng smtp:// hoặc smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Hệ thống Nông nghiệp số <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** idle and absolute lifetime of a sign-in token */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  WEB_DIST: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Cấu hình không hợp lệ (biến môi trường):\n${lines.join('\n')}`);
  }
  const c = { ...parsed.data, ...overrides } as Config;
  c.dataDir = path.resolve(c.DATA_DIR);
  c.publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return c;
}
