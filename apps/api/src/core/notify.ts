import { AUDIENCE_FIELD, type InboxEntry, NOTIFICATION_EVENT_KIND, type NotificationAudience } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import usersDef from '@nns/shared/resources/users';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publish } from './realtime-publish';
import { exec, iso } from './resource-store';
import { resource } from './runtime';
import type { Services } from './services';

/**
 * Notifications (docs/notifications.md): `notify()` for other modules, the sending of one
 * notification (recipients resolved, one row each, a live event), the due-check that sends scheduled
 * ones exactly once whatever the number of processes, and the replay of missed events to a socket
 * that comes back.
 */

/** Timings; tests shorten them (read when they apply). */
export const notifyLimits = {
  /** how often each process looks for scheduled notifications that are due */
  dueCheckMs: 10_000,
  /** notifications claimed per transaction of the due-check */
  batch: 50,
  /** most events replayed to a socket that comes back */
  replayMax: 100,
  /**
   * events are numbered when their transaction starts sending and become visible at its commit, so a
   * smaller number may appear after a larger one; a resume also sends the events of this window again
   * (the client drops those it has by id)
   */
  replayWindowSeconds: 60,
};

export type Audience =
  | { audience: 'all' }
  | { audience: 'role'; role_id: number }
  | { audience: 'province'; province_id: number }
  | { audience: 'ward'; ward_id: number }
  | { audience: 'user'; user_id: number };

export interface NotifyMessage {
  title: string;
  content: string;
  /** ISO time; absent, null or past: sent at once */
  scheduled_at?: string | null;
}

/** The audience columns of a notification row. */
export interface AudienceRow {
  audience: string;
  role_id?: number | null;
  province_id?: number | null;
  ward_id?: number | null;
  user_id?: number | null;
}

/**
 * Users take a province scope from `users.province_id` when the declaration has it (the account
 * scope: all, a province, a ward); until then a user belongs to a province through their ward.
 */
const USERS_HAVE_PROVINCE = 'province_id' in usersDef.fields;

/**
 * THE audience rule, in one place: which users (alias `u`) receive a notification. Active accounts
 * only. 'province': the users whose scope is that province or whose ward lies in it; 'ward': the
 * users of that ward; 'role': its holders; 'user': that one.
 */
export function recipientsWhere(n: AudienceRow): SQL {
  const active = sql`u.status = 'active'`;
  const id = (v: unknown) => Number(v);
  switch (n.audience as NotificationAudience) {
    case 'all':
      return active;
    case 'role':
      return sql`${active} and u.role_id = ${id(n.role_id)}`;
    case 'ward':
      return sql`${active} and u.ward_id = ${id(n.ward_id)}`;
    case 'province': {
      const inWard = sql`u.ward_id in (select w.id from wards w where w.province_id = ${id(n.province_id)})`;
      const own = USERS_HAVE_PROVINCE ? sql`u.province_id = ${id(n.province_id)} or ` : sql``;
      return sql`${active} and (${own}${inWard})`;
    }
    case 'user':
      return sql`${active} and u.id = ${id(n.user_id)}`;
    default:
      throw new Error(`unknown notification audience ${n.audience}`);
  }
}

interface SendRow extends AudienceRow {
  id: number;
  title: string;
  content: string;
}

const SEND_COLUMNS = sql`id, title, content, audience, role_id, province_id, ward_id, user_id`;

/**
 * Sends a notification that was just claimed (its sent_at set in this transaction): one recipient
 * row per user, one event number for all, the count kept, and the live event leaves with the commit.
 */
async function deliver(tx: Db, n: SendRow): Promise<number> {
  const [{ e }] = await exec<{ e: string | number }>(tx, sql`select nextval('notification_event_seq') as e`);
  const eventId = Number(e);
  const users = await exec<{ user_id: number }>(
    tx,
    sql`insert into notification_recipients (notification_id, user_id, event_id)
      select ${n.id}, u.id, ${eventId} from users u where ${recipientsWhere(n)}
      on conflict (notification_id, user_id) do nothing returning user_id`,
  );
  await resource('notifications').derive(tx, sql`id = ${n.id}`, { recipient_count: users.length });
  if (users.length) {
    // with the transaction, the event leaves at its commit (publish reads nothing else of the services)
    await publish(
      { database: { db: tx } } as unknown as Pick<Services, 'database'>,
      {
        id: eventId,
        to: n.audience === 'all' ? { all: true } : { users: users.map((u) => Number(u.user_id)) },
        kind: NOTIFICATION_EVENT_KIND,
        title: n.title,
        message: n.content,
        data: { notification_id: Number(n.id) },
      },
      tx,
    );
  }
  return users.length;
}

/** Sends this notification now if it is due and nobody sent it yet (the claim makes it once). */
export async function sendIfDue(tx: Db, id: number): Promise<boolean> {
  const claimed = await resource('notifications').derive(tx, sql`id = ${id} and sent_at is null and (scheduled_at is null or scheduled_at <= now())`, {
    sent_at: sql`now()`,
  });
  if (!claimed) return false;
  const [n] = await exec<SendRow>(tx, sql`select ${SEND_COLUMNS} from notifications where id = ${id}`);
  await deliver(tx, n);
  return true;
}

/**
 * Sends the scheduled notifications that are due, each exactly once: claimed with SKIP LOCKED, so
 * several processes share the work, and in the transaction that sends them, so a crash before the
 * commit leaves them for the next check. Returns how many were sent.
 */
export async function sendDue(s: Pick<Services, 'database'>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await s.database.db.transaction(async (tx) => {
      const due = await exec<{ id: number }>(
        tx,
        sql`select id from notifications where sent_at is null and scheduled_at <= now()
          order by scheduled_at, id limit ${notifyLimits.batch} for update skip locked`,
      );
      if (!due.length) return 0;
      const ids = sql.join(
        due.map((r) => sql`${r.id}`),
        sql`, `,
      );
      await resource('notifications').derive(tx, sql`id in (${ids})`, { sent_at: sql`now()` });
      const rows = await exec<SendRow>(tx, sql`select ${SEND_COLUMNS} from notifications where id in (${ids}) order by scheduled_at, id`);
      for (const r of rows) await deliver(tx, r);
      return rows.length;
    });
    total += n;
    if (n < notifyLimits.batch) return total;
  }
}

/**
 * For other modules (monitoring alerts, discharge exceedances, approvals): records a notification
 * and sends it (at once, or at `scheduled_at`). With a transaction it is part of it and the live
 * event leaves with the commit.
 */
export async function notify(s: Pick<Services, 'database'>, audience: Audience, message: NotifyMessage, tx?: Db): Promise<{ id: number; sent: boolean }> {
  const run = async (db: Db) => {
    const def = resourceByName.notifications;
    const row: Record<string, unknown> = {
      title: message.title.slice(0, 200),
      content: message.content.slice(0, 2000),
      audience: audience.audience,
      role_id: null,
      province_id: null,
      ward_id: null,
      user_id: null,
      scheduled_at: message.scheduled_at ?? null,
    };
    const field = AUDIENCE_FIELD[audience.audience];
    if (field) row[field] = (audience as unknown as Record<string, number>)[field];
    // written by the server, not a person: no hooks or audit, as a seed
    const id = await resource(def.name).seed(db, row);
    return { id: Number(id), sent: await sendIfDue(db, Number(id)) };
  };
  if (tx) return run(tx);
  return s.database.db.transaction((t) => run(t));
}

export type { InboxEntry };

export const inboxEntry = (r: Record<string, unknown>): InboxEntry => ({
  id: Number(r.id),
  event_id: Number(r.event_id),
  title: String(r.title),
  content: String(r.content),
  sent_at: iso(r.sent_at) as string,
  read_at: r.read_at == null ? null : (iso(r.read_at) as string),
});

export const INBOX_COLUMNS = sql`n.id, r.event_id, n.title, n.content, coalesce(n.sent_at, r.created_at) as sent_at, r.read_at`;

/** The newest event number a user has (0 for none): a socket's starting point. */
export async function lastEventId(s: Pick<Services, 'database'>, userId: number): Promise<number> {
  const [r] = await exec<{ e: string | number | null }>(s.database.db, sql`select max(event_id) as e from notification_recipients where user_id = ${userId}`);
  return Number(r?.e ?? 0);
}

/**
 * What a socket that comes back missed: the user's events after `after`, and those of the last
 * minute again (a smaller number can commit after a larger one), oldest first.
 */
export async function missedEvents(s: Pick<Services, 'database'>, userId: number, after: number): Promise<InboxEntry[]> {
  const rows = await exec(
    s.database.db,
    sql`select ${INBOX_COLUMNS} from notification_recipients r join notifications n on n.id = r.notification_id
      where r.user_id = ${userId} and (r.event_id > ${after}
        or r.created_at > now() - make_interval(secs => ${notifyLimits.replayWindowSeconds}))
      order by r.event_id desc limit ${notifyLimits.replayMax}`,
  );
  return rows.map(inboxEntry).reverse();
}

/** Starts this process's due-check (and one at once, for what fell due while no process ran); the result stops it. */
export function startNotificationScheduler(s: Services): () => Promise<void> {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await sendDue(s);
    } catch (err) {
      if (!stopped) s.log.warn({ err }, 'scheduled notifications check failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      arm();
    }, notifyLimits.dueCheckMs);
    timer.unref();
  };
  void tick();
  arm();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    // a check under way finishes (or fails) before the database closes
    while (running) await new Promise((r) => setTimeout(r, 10));
  };
}
