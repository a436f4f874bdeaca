import type { Database } from '../db/client';
import { WRITES_CHANNEL } from '../db/writes-notify';

/** A row's place in a list's order: its sort value (the column's text form, or null) and id. */
export interface Anchor {
  value: string | null;
  id: number;
}

/** At most this many list shapes per database, and anchors per shape; the oldest goes first. */
const MAX_SHAPES = 500;
const MAX_ANCHORS = 2000;

interface Shape {
  /** the tables the list's rows depend on; null: any (a scoped list also reads wards or a parent resource) */
  table: string | null;
  /** PGlite: the write generation the anchors were read at */
  gen: number;
  /** row offset a (a multiple of the spacing) → the row at offset a - 1 */
  at: Map<number, Anchor>;
}

/**
 * Page anchors (issue 11, the jump to page 5,000): for a list's shape (resource, caller, validated
 * filters, search and sort; not the page or limit) the place of every `spacing`-th row, learnt while
 * serving deep pages. A page at offset o starts after the anchor of offset a = o - o % spacing with a
 * keyset condition and an offset under `spacing`, instead of walking o index entries.
 *
 * An anchor is true while the table has not changed. Dropped:
 * - PGlite: when the write generation (db/write-clock.ts) moves, i.e. on any statement that is not one
 *   plain SELECT; the process is the engine's only writer.
 * - PostgreSQL: on every notification of WRITES_CHANNEL (db/writes-notify.ts: statement-level
 *   triggers on every generic resource's table, from any process, this one included), the named
 *   table's shapes and every scoped shape; on every write request of this process (the router calls
 *   clear() once the handler has committed); and while the channel is down nothing is kept.
 * A read under way while anything was dropped is not kept (the generation moved). The one caveat, as
 * for the session cache: a change committed by another process is heard a few milliseconds later.
 */
export class PageAnchors {
  private shapes = new Map<string, Shape>();
  private generation = 0;
  private listening: boolean;

  constructor(
    readonly spacing: number,
    private readonly clock: { readonly n: number } | null,
  ) {
    // PGlite needs no channel: its clock sees every statement
    this.listening = clock !== null;
  }

  /** Taken before reading; `set` keeps what was read only if nothing moved since. */
  mark(): number {
    return this.clock ? this.clock.n : this.generation;
  }

  private shapeOf(key: string): Shape | undefined {
    const s = this.shapes.get(key);
    if (s && this.clock && s.gen !== this.clock.n) {
      this.shapes.delete(key);
      return undefined;
    }
    return s;
  }

  /** The anchor of offset `a` and the nearest one before it (offset and anchor), for a list shape. */
  get(key: string, a: number): { exact?: Anchor; before?: { offset: number; anchor: Anchor } } {
    const s = this.shapeOf(key);
    if (!s) return {};
    const exact = s.at.get(a);
    if (exact) return { exact };
    let best = 0;
    for (const o of s.at.keys()) if (o < a && o > best) best = o;
    return best ? { before: { offset: best, anchor: s.at.get(best) as Anchor } } : {};
  }

  set(key: string, table: string | null, a: number, anchor: Anchor, mark: number) {
    if (!this.listening || mark !== this.mark()) return;
    let s = this.shapeOf(key);
    if (!s) {
      if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value as string);
      s = { table, gen: mark, at: new Map() };
      this.shapes.set(key, s);
    }
    if (s.at.size >= MAX_ANCHORS) s.at.delete(s.at.keys().next().value as number);
    s.at.set(a, anchor);
  }

  /** The payload of the last notification heard (tests wait for a marker of their own). */
  lastHeard = '';

  /** A committed write to `table` (from any process): its shapes and the scoped ones go. */
  dropTable(table: string) {
    this.lastHeard = table;
    this.generation++;
    for (const [k, s] of this.shapes) if (s.table === null || s.table === table) this.shapes.delete(k);
  }

  clear() {
    this.generation++;
    this.shapes.clear();
  }

  /** How many anchors are kept. */
  get size() {
    let n = 0;
    for (const s of this.shapes.values()) n += s.at.size;
    return n;
  }

  /** Whether it keeps anything (PostgreSQL: the channel is up). */
  get active() {
    return this.listening;
  }

  setListening(up: boolean) {
    this.listening = up;
    this.clear();
  }
}

const anchors = new WeakMap<Database, PageAnchors | null>();

/** The page anchors of a database (its channel listened to on first use), or null when PAGE_ANCHOR_ROWS is 0. */
export function pageAnchorsOf(database: Database, spacing: number): PageAnchors | null {
  let a = anchors.get(database);
  if (a === undefined) {
    a = spacing > 0 ? new PageAnchors(spacing, database.writes ?? null) : null;
    anchors.set(database, a);
    if (a && !database.writes) {
      const pa = a;
      database.listen(
        WRITES_CHANNEL,
        (table) => pa.dropTable(table),
        (up) => pa.setListening(up),
      );
    }
  }
  return a;
}

/** Drops every anchor of a database, if it keeps any (a write request of this process has committed). */
export function clearPageAnchors(database: Database) {
  anchors.get(database)?.clear();
}
