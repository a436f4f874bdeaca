import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { tableOf } from './build';

const users = tableOf('users');
const roles = tableOf('roles');

/** Tables of the platform itself (not resources): permissions, sessions, audit, mail, files. */
const ts = (n: string) => timestamp(n, { withTimezone: true, mode: 'string' });

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
  },
  (t) => [uniqueIndex('permissions_action_subject_uq').on(t.action, t.subject)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id').notNull().references(roles, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] }), index('role_permissions_perm_idx').on(t.permission_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id').notNull().references(users, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** failed sign-ins, counted in the database so several processes agree */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').notNull().references(users, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.token_hash)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    actor_id: integer('actor_id').references(users, { onDelete: 'set null' }),
    actor_username: text('actor_username'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    record_id: text('record_id'),
    method: text('method'),
    path: text('path'),
    code: smallint('code'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_logs_at_idx').on(t.at), index('audit_logs_subject_at_idx').on(t.subject, t.at), index('audit_logs_actor_at_idx').on(t.actor_id, t.at)],
);

export const outboxMails = pgTable('outbox_mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status').notNull().default('kept'),
  error: text('error'),
  created_at: ts('created_at').notNull().defaultNow(),
  sent_at: ts('sent_at'),
});

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    original_name: text('original_name'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    created_by: integer('created_by').references(users, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_key_uq').on(t.key)],
);

export const exportFiles = pgTable(
  'export_files',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    file_name: text('file_name').notNull(),
    path: text('path').notNull(),
    user_id: integer('user_id').references(users, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('export_files_token_uq').on(t.token)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  updated_at: ts('updated_at').notNull().default(sql`now()`),
});

/**
 * The live events of notifications: one number per sending, taken when a notification goes out,
 * shared by all its recipients (core/notify.ts). A client resumes from the last one it saw.
 */
export const notificationEventSeq = pgSequence('notification_event_seq');

/** Who received a notification and whether they read it: one row per recipient, made when it is sent. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notification_id: integer('notification_id').notNull().references(tableOf('notifications'), { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(users, { onDelete: 'cascade' }),
    event_id: bigint('event_id', { mode: 'number' }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    read_at: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notification_recipients_notification_user_uq').on(t.notification_id, t.user_id),
    index('notification_recipients_user_event_idx').on(t.user_id, t.event_id),
    index('notification_recipients_unread_idx').on(t.user_id).where(sql`read_at is null`),
  ],
);

export { inet };

/** A user's own settings (list columns, density, saved filters), one JSON value per key: they follow the user. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    user_id: integer('user_id').notNull().references(users, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/**
 * Traceability (issue 14). One row per stamp of a run (stamps): its unguessable code (the QR's
 * /truy-xuat/{code}), its serial (unique over all runs) and its life issued → printed → activated
 * (first consumer scan) → voided. The scan columns are kept by the public page (part B) so a look-up
 * by code answers genuine / scanned n times / flagged from this one row.
 */
export const stampCodes = pgTable(
  'stamp_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    stamp_id: integer('stamp_id').notNull().references(tableOf('stamps'), { onDelete: 'cascade' }),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    status: text('status').notNull().default('issued'),
    printed_at: ts('printed_at'),
    activated_at: ts('activated_at'),
    voided_at: ts('voided_at'),
    scan_count: integer('scan_count').notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    first_scan_at: ts('first_scan_at'),
    last_scan_at: ts('last_scan_at'),
    /** distinct scanners (trace-public/scan-client.ts); scan_count counts page views */
    scanner_count: integer('scanner_count').notNull().default(0),
    /** scanner_count when an officer last cleared the marks: the threshold counts from there */
    scanner_base: integer('scanner_base').notNull().default(0),
    /** more distinct scanners than the threshold ('many scans, check the seal'), until cleared */
    anomaly_at: ts('anomaly_at'),
    cleared_at: ts('cleared_at'),
    cleared_by: integer('cleared_by').references(users, { onDelete: 'set null' }),
    cleared_reason: text('cleared_reason'),
  },
  (t) => [
    uniqueIndex('stamp_codes_code_uq').on(t.code),
    uniqueIndex('stamp_codes_serial_uq').on(t.serial),
    index('stamp_codes_stamp_serial_idx').on(t.stamp_id, t.serial),
    index('stamp_codes_printed_at_idx').on(t.printed_at).where(sql`printed_at is not null`),
    index('stamp_codes_activated_at_idx').on(t.activated_at).where(sql`activated_at is not null`),
    index('stamp_codes_marked_idx').on(t.stamp_id, t.serial).where(sql`flagged or anomaly_at is not null`),
    check('stamp_codes_status_ck', sql`status in ('issued', 'printed', 'activated', 'voided')`),
  ],
);

/** Every print sheet made: who, when, which serials, with which layout, and the PDF kept in storage. */
export const stampPrintJobs = pgTable(
  'stamp_print_jobs',
  {
    id: serial('id').primaryKey(),
    stamp_id: integer('stamp_id').notNull().references(tableOf('stamps'), { onDelete: 'cascade' }),
    serial_from: bigint('serial_from', { mode: 'number' }).notNull(),
    serial_to: bigint('serial_to', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    lines: integer('lines').notNull(),
    layout: jsonb('layout').notNull(),
    file_key: text('file_key'),
    // the download link (/api/stamp-sheets/{link_token}/…): unguessable and short-lived like an export's;
    // a fresh one replaces it on request (POST /api/admin/stamps/print-jobs/{id}/link), the file stays
    link_token: text('link_token'),
    link_expires_at: ts('link_expires_at'),
    created_by: integer('created_by').references(users, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stamp_print_jobs_stamp_idx').on(t.stamp_id, t.created_at),
    index('stamp_print_jobs_created_at_idx').on(t.created_at),
    uniqueIndex('stamp_print_jobs_link_token_uq').on(t.link_token),
  ],
);

const stations = tableOf('monitorings');
const wards = tableOf('wards');

/**
 * Band configs of environment monitoring (issue 15): one per station type by default (ward_id null)
 * and per ward overrides. `config` is `{parameters: {key: [{level, from, to, color}]}}` (@nns/shared/monitoring).
 */
export const monitoringConfigs = pgTable(
  'monitoring_configs',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    ward_id: integer('ward_id').references(wards, { onDelete: 'cascade' }),
    config: jsonb('config').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    updated_by: integer('updated_by').references(users, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('monitoring_configs_type_ward_uq').on(t.type, t.ward_id),
    uniqueIndex('monitoring_configs_type_default_uq').on(t.type).where(sql`ward_id is null`),
  ],
);

/**
 * Roll-ups of readings kept on ingest (raw readings live in the month-partitioned
 * monitoring_readings, made by migration SQL drizzle cannot express): per station, bucket and
 * parameter the count, sum, min and max, so a chart of a year never reads raw rows. Hourly buckets
 * are UTC hours; daily buckets are days at UTC+7 (their start as a timestamp). monitoring_daily's
 * primary key also carries n, sum, min and max (INCLUDE, migration 0017, which drizzle cannot
 * declare): a year's chart is an index-only scan instead of ~2,555 scattered heap pages.
 */
const rollup = (name: string) =>
  pgTable(
    name,
    {
      station_id: integer('station_id').notNull().references(stations, { onDelete: 'cascade' }),
      bucket: ts('bucket').notNull(),
      param: text('param').notNull(),
      n: integer('n').notNull(),
      sum: doublePrecision('sum').notNull(),
      min: doublePrecision('min').notNull(),
      max: doublePrecision('max').notNull(),
    },
    (t) => [primaryKey({ columns: [t.station_id, t.param, t.bucket] })],
  );
export const monitoringHourly = rollup('monitoring_hourly');
export const monitoringDaily = rollup('monitoring_daily');

/**
 * Alert state of a station, kept in the database so a restart does not reset it: since when its
 * latest readings have been in its type's alert level (band 1 'Cảnh báo'; rain: level 6 'Mưa rất
 * to'; the column keeps its first name), and since when they have been out of it while
 * an alert is open (the clear waits for MONITORING_ALERT_CLEAR_MINUTES: hysteresis).
 */
export const monitoringStationState = pgTable('monitoring_station_state', {
  station_id: integer('station_id').primaryKey().references(stations, { onDelete: 'cascade' }),
  band1_since: ts('band1_since'),
  clear_since: ts('clear_since'),
});

/**
 * Alerts of monitoring stations: 'band' (in 'Cảnh báo' longer than MONITORING_ALERT_ENTER_MINUTES)
 * and 'offline' ('mất kết nối': silent longer than 3 expected intervals). At most one open alert of a
 * kind per station (the partial unique index), so several processes raise it once.
 */
export const monitoringAlerts = pgTable(
  'monitoring_alerts',
  {
    id: serial('id').primaryKey(),
    station_id: integer('station_id').notNull().references(stations, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    started_at: ts('started_at').notNull(),
    ended_at: ts('ended_at'),
    /** the worst value while open: the highest VN_AQI, the lowest VN_WQI, the most rain */
    peak: doublePrecision('peak'),
    peak_param: text('peak_param'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monitoring_alerts_open_uq').on(t.station_id, t.kind).where(sql`ended_at is null`),
    index('monitoring_alerts_station_started_idx').on(t.station_id, t.started_at),
  ],
);

/**
 * Earlier versions of an article (issue 17): every save keeps the version it replaces, so an editor
 * can compare it with the current text and bring it back (modules/content/articles.module.ts).
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: serial('id').primaryKey(),
    article_id: integer('article_id').notNull().references(tableOf('articles'), { onDelete: 'cascade' }),
    /** the article's editable fields as they were (title, slug, summary, content, thumbnail, type, category, tags, author, SEO) */
    snapshot: jsonb('snapshot').notNull(),
    created_by: integer('created_by').references(users, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('article_revisions_article_idx').on(t.article_id, t.id)],
);

/**
 * Background jobs (core/jobs.ts): exports, large stamp runs and print sheets. A process claims a
 * queued row with `for update skip locked` (each job runs once whatever the number of processes),
 * keeps `heartbeat_at` fresh while it works, and stores the result (a download URL) for an hour.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    user_id: integer('user_id').references(users, { onDelete: 'cascade' }),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('queued'),
    /** 0–100 */
    progress: smallint('progress').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    created_at: ts('created_at').notNull().defaultNow(),
    started_at: ts('started_at'),
    heartbeat_at: ts('heartbeat_at'),
    finished_at: ts('finished_at'),
    expires_at: ts('expires_at'),
  },
  (t) => [
    index('jobs_status_idx').on(t.status, t.id),
    index('jobs_user_idx').on(t.user_id, t.id),
    check('jobs_status_ck', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
