import type { Database } from '../../db/client';
import { type StoreJob, type StoreResult, storeMany } from './ingest';

/**
 * Group commit for small ingest requests. One reading a request cost a statement and a commit each
 * (PostgreSQL bound at ~750 requests/s); here the requests of this process that arrive in the same
 * event-loop turn, or while the previous flush is in flight, are stored together by one STORE_SQL
 * (storeMany), a few flushes at a time per database on disjoint stations, and each request is answered its own readings,
 * duplicates and audit row. Validation and key checks happen before a request joins (its own 400,
 * 401, 403). A flush that fails is retried one request at a time, so one bad request (a station
 * deleted meanwhile, a deadlock with another process) fails alone.
 *
 * Larger batches go straight to storeMany, as before: they are already one statement for many readings.
 */
export const COALESCE_MAX_READINGS = 20;
/** a flush takes queued requests up to this many readings (a long queue is several flushes) */
const FLUSH_MAX_READINGS = 2_000;
/**
 * Flushes at once per database: each holds stations no other flush in flight holds (a request of a
 * station being written waits for the next flush), so two flushes never touch the same rows and
 * cannot deadlock each other; while PostgreSQL writes one, the next gathers requests.
 */
const MAX_IN_FLIGHT = 3;

interface Waiting {
  job: StoreJob;
  resolve(r: StoreResult): void;
  reject(err: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  inFlight: number;
  /** stations of the flushes in flight */
  busy: Set<number>;
  scheduled: boolean;
}

const queues = new WeakMap<Database, Queue>();
/** flushes made, the requests they held, those retried one request at a time, the time spent in them (ms), since the process started (tests, bench) */
export const coalesceStats = { flushes: 0, requests: 0, retried: 0, ms: 0 };

export function storeCoalesced(database: Database, job: StoreJob): Promise<StoreResult> {
  if (job.readings.length > COALESCE_MAX_READINGS) return storeMany(database, [job]).then((r) => r[0]);
  let q = queues.get(database);
  if (!q) queues.set(database, (q = { waiting: [], inFlight: 0, busy: new Set(), scheduled: false }));
  const queue = q;
  return new Promise<StoreResult>((resolve, reject) => {
    queue.waiting.push({ job, resolve, reject });
    kick(database, queue);
  });
}

function kick(database: Database, q: Queue) {
  if (q.scheduled || q.inFlight >= MAX_IN_FLIGHT || !q.waiting.length) return;
  q.scheduled = true;
  // setImmediate: the requests parsed in this turn of the event loop join the same flush
  setImmediate(() => {
    q.scheduled = false;
    start(database, q);
  });
}

function start(database: Database, q: Queue) {
  while (q.inFlight < MAX_IN_FLIGHT && q.waiting.length) {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const stations = new Set<number>();
    let n = 0;
    for (const w of q.waiting) {
      const id = w.job.station.id;
      if (q.busy.has(id) || (batch.length && n + w.job.readings.length > FLUSH_MAX_READINGS)) rest.push(w);
      else {
        batch.push(w);
        stations.add(id);
        n += w.job.readings.length;
      }
    }
    if (!batch.length) return;
    q.waiting = rest;
    for (const id of stations) q.busy.add(id);
    q.inFlight++;
    void flush(database, batch).finally(() => {
      q.inFlight--;
      for (const id of stations) q.busy.delete(id);
      kick(database, q);
    });
  }
}

async function flush(database: Database, batch: Waiting[]) {
  const t0 = performance.now();
  coalesceStats.flushes++;
  coalesceStats.requests += batch.length;
  let results: StoreResult[] | null = null;
  try {
    results = await storeMany(
      database,
      batch.map((w) => w.job),
    );
  } catch (err) {
    if (batch.length === 1) batch[0].reject(err);
  }
  if (results) for (const [i, w] of batch.entries()) w.resolve(results[i]);
  else if (batch.length > 1) {
    coalesceStats.retried++;
    // the statement is atomic: nothing of the flush was stored; each request alone gets its own answer
    for (const w of batch) {
      try {
        w.resolve((await storeMany(database, [w.job]))[0]);
      } catch (err) {
        w.reject(err);
      }
    }
  }
  coalesceStats.ms += performance.now() - t0;
}
