/**
 * Stamp page views, batched (issue 14 'Speed'): a view needs the stamp's row and, for a consumer, a
 * recorded scan. Each request used to run its own look-up and its own write (a statement, a commit, a
 * trigger's upsert): at 50 connections the database spent its time on commits. Here the views that
 * arrive while a statement is running wait for it, then go together in ONE statement that looks the
 * stamps up, applies the per-address limit, moves each stamp once by its number of views, and inserts
 * one scan per view: group commit done by the server. One view alone does not wait (it starts a
 * statement at once), so a quiet server answers as fast as before.
 *
 * The statement gives every view what the page shows: the stamp as it was read, and for a recorded
 * scan its id, the stamp's count and distinct scanners after THIS view (views of one stamp in one
 * batch get 1, 2, 3…), its anomaly mark (more distinct scanners than the threshold since the last
 * clearing, raised once: the caller tells the producer and ward) and first scan time. A view is a new
 * scanner when neither its client nor its address and browser scanned the code within the window. A view is counted only when the page will be shown: the stamp is not
 * voided, its product not deleted, its trace active. Bots are looked up in the same batch, uncounted.
 */
import { sql } from 'drizzle-orm';
import { execStatic } from '../../core/resource-store';
import type { Db } from '../../db/client';
import type { StampRow } from './page-data';
import { SCANNER_WINDOW_DAYS } from './scan-client';
import type { ScanResult } from './scans';

export interface ViewHit {
  stamp: StampRow;
  /** null: not a consumer, past the address's limit, or not countable */
  scan: ScanResult | null;
  /** this view carried the stamp's distinct scanners past the threshold: tell its producer and ward */
  anomalyRaised: boolean;
}

/** Who viewed: hashes of the client and of its address and browser (scan-client.ts), and the scan token's hash. */
export interface Viewer {
  ip: string;
  ua: string;
  client: string;
  addr: string;
  tokenHash: string;
}

interface Pending {
  code: string;
  /** null for a bot or a prefetch: looked up, never counted */
  who: Viewer | null;
  resolve: (hit: ViewHit | null) => void;
  reject: (err: unknown) => void;
}

interface BatchRow extends StampRow {
  n: number;
  scan_id: number | null;
  new_count: number | null;
  new_scanners: number | null;
  new_anomaly: boolean | null;
  anomaly_raised: boolean | null;
  new_first_scan_at: string | null;
}

/** The most views one statement carries (the JSON of 500 views is ~100 KB). */
const MAX_BATCH = 500;

export class ScanBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Db,
    private readonly o: { flagAfter: number; ratePer10Min: number; maxInFlight: number },
  ) {}

  /** The stamp of `code` and, for a consumer, the scan this view recorded; null for an unknown code. */
  view(code: string, who: Viewer | null): Promise<ViewHit | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ code, who, resolve, reject });
      if (this.inFlight < this.o.maxInFlight) {
        this.inFlight++;
        // views arriving in the same turn of the event loop go together
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    try {
      while (this.queue.length) await this.run(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.inFlight--;
    }
  }

  private async run(batch: Pending[]) {
    let rows: BatchRow[];
    try {
      rows = await this.statement(batch);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    const byN = new Map<number, BatchRow>();
    for (const r of rows) byN.set(Number(r.n), r);
    for (const [i, p] of batch.entries()) {
      const r = byN.get(i + 1);
      if (!r) {
        p.resolve(null);
        continue;
      }
      const { n: _n, scan_id, new_count, new_scanners, new_anomaly, anomaly_raised, new_first_scan_at, ...stamp } = r;
      p.resolve({
        stamp,
        scan:
          scan_id === null
            ? null
            : {
                scan_id: Number(scan_id),
                scan_count: Number(new_count),
                scanner_count: Number(new_scanners),
                flagged: Boolean(stamp.flagged),
                anomaly: Boolean(new_anomaly),
                first_scan_at: new_first_scan_at,
              },
        anomalyRaised: Boolean(anomaly_raised),
      });
    }
  }

  private statement(batch: Pending[]): Promise<BatchRow[]> {
    const input = JSON.stringify(
      batch.map((p, i) => ({
        n: i + 1,
        code: p.code,
        ip: p.who?.ip ?? null,
        ua: p.who?.ua.slice(0, 500) ?? null,
        client: p.who?.client ?? null,
        addr: p.who?.addr ?? null,
        token: p.who?.tokenHash ?? null,
      })),
    );
    return execStatic<BatchRow>(
      this.db,
      'trace-public:view-batch',
      (v) => sql`with input as (
          select * from json_to_recordset(${v('input')}::json) as i(n int, code text, ip text, ua text, client text, addr text, token text)),
        st as (
          select i.n, i.ip, i.ua, i.client, i.addr, i.token, sc.id, sc.code, sc.serial::float8 as serial, sc.status, sc.scan_count, sc.scanner_count,
            sc.flagged, sc.anomaly_at is not null as anomaly, sc.first_scan_at,
            s.id as stamp_id, s.product_id, s.trace_id, p.manufacture_id, m.ward_id,
            i.ip is not null and sc.status <> 'voided' and p.deleted_at is null and coalesce(t.active, true) as countable
          from input i join stamp_codes sc on sc.code = i.code join stamps s on s.id = sc.stamp_id join products p on p.id = s.product_id
          left join manufactures m on m.id = p.manufacture_id left join traces t on t.id = s.trace_id),
        used as (
          -- counts no further than the limit: a busy address costs the same as a quiet one
          select d.ip, (select count(*) from (select 1 from scans x where x.ip = d.ip and x.scanned_at > now() - interval '10 minutes'
            limit ${v('rate')}::int) r)::int as used
          from (select distinct ip from st where countable) d),
        allowed0 as (
          select a.*, row_number() over (partition by a.id order by a.n) as rank_in_code,
            row_number() over (partition by a.id, a.client order by a.n) as rank_client,
            row_number() over (partition by a.id, a.addr order by a.n) as rank_addr
          from (select st.*, row_number() over (partition by st.ip order by st.n) as ip_rank from st where countable) a
          join used u on u.ip = a.ip where u.used + a.ip_rank <= ${v('rate')}::int),
        -- a new scanner of this code: neither its client (cookie) nor its address and browser seen on it within the window
        allowed as (
          select a.*, (a.rank_client = 1 and a.rank_addr = 1 and not exists (
              select 1 from scans x where x.stamp_code_id = a.id and x.scanned_at > now() - make_interval(days => ${v('window')}::int)
                and (x.client = a.client or x.addr = a.addr))) as new_scanner
          from allowed0 a),
        ranked as (
          select a.*, sum(case when a.new_scanner then 1 else 0 end) over (partition by a.id order by a.n) as scanners_so_far from allowed a),
        per_code as (select id, count(*)::int as k, count(*) filter (where new_scanner)::int as s from allowed group by id),
        -- rows locked in id order: two batches sharing stamps (two in flight, or two servers) never deadlock
        locked as (select sc.id, sc.anomaly_at is not null as had_anomaly from stamp_codes sc where sc.id in (select id from per_code) order by sc.id for update),
        upd as (
          update stamp_codes sc set scan_count = sc.scan_count + pc.k, scanner_count = sc.scanner_count + pc.s,
            status = case when sc.status in ('issued', 'printed') then 'activated' else sc.status end,
            activated_at = coalesce(sc.activated_at, now()), first_scan_at = coalesce(sc.first_scan_at, now()), last_scan_at = now(),
            anomaly_at = case when sc.anomaly_at is null and sc.scanner_count + pc.s - sc.scanner_base > ${v('flagAfter')}::int then now() else sc.anomaly_at end
          from per_code pc, locked l where sc.id = pc.id and l.id = pc.id and sc.status <> 'voided'
          returning sc.id, sc.scan_count - pc.k as before_count, sc.scanner_count - pc.s as before_scanners, sc.scanner_base, sc.first_scan_at,
            sc.anomaly_at is not null and not l.had_anomaly as raised),
        scan_rows as materialized (
          select a.n, nextval(pg_get_serial_sequence('scans', 'id')) as scan_id, a.id, a.stamp_id, a.trace_id, a.product_id,
            a.manufacture_id, a.ward_id, a.ua, a.ip, a.client, a.addr, a.token, a.new_scanner, a.anomaly as old_anomaly,
            u.before_count + a.rank_in_code as cnt, u.before_scanners + a.scanners_so_far as scanners, u.scanner_base, u.first_scan_at,
            u.raised and a.rank_in_code = 1 as raised
          from ranked a join upd u on u.id = a.id),
        ins as (
          insert into scans (id, stamp_code_id, stamp_id, trace_id, product_id, manufacture_id, ward_id, first_scan, flagged, user_agent, ip,
            client, addr, token_hash, new_scanner)
          overriding system value
          select scan_id, id, stamp_id, trace_id, product_id, manufacture_id, ward_id, cnt = 1, false, ua, ip, client, addr, token, new_scanner
          -- in the order of the roll-up rows the trigger upserts (day, product, producer, ward, slot = id % 8): with
          -- the stamps locked in id order first, two batches take every lock in one order and never deadlock
          from scan_rows order by product_id, coalesce(manufacture_id, 0), coalesce(ward_id, 0), scan_id % 8, scan_id)
        select st.n, st.id, st.code, st.serial, st.status, st.scan_count, st.scanner_count, st.flagged, st.anomaly, st.first_scan_at, st.stamp_id,
          st.product_id, st.trace_id, st.manufacture_id, st.ward_id, r.scan_id::float8 as scan_id, r.cnt::int as new_count, r.scanners::int as new_scanners,
          case when r.scan_id is null then null else r.old_anomaly or r.scanners - r.scanner_base > ${v('flagAfter')}::int end as new_anomaly,
          coalesce(r.raised, false) as anomaly_raised, r.first_scan_at as new_first_scan_at
        from st left join scan_rows r on r.n = st.n`,
      { input, rate: this.o.ratePer10Min, flagAfter: this.o.flagAfter, window: SCANNER_WINDOW_DAYS },
    );
  }
}
