/** One autocannon measure (latencies in ms). */
export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** the machine's 1-minute load average when the run started (other work on a shared machine skews numbers) */
  load?: number;
}

/**
 * The middle of several runs of one scenario (BENCH_REPEAT): each figure's own median (req/s, p50, p99,
 * load), the requests, non-2xx and errors summed. One run is itself.
 */
export function medianMeasure(ms: Measure[]): Measure {
  if (ms.length === 1) return ms[0];
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const h = s.length >> 1;
    return s.length % 2 ? s[h] : Math.round(((s[h - 1] + s[h]) / 2) * 10) / 10;
  };
  const loads = ms.map((m) => m.load).filter((l): l is number => l !== undefined);
  return {
    rps: mid(ms.map((m) => m.rps)),
    p50: mid(ms.map((m) => m.p50)),
    p99: mid(ms.map((m) => m.p99)),
    total: ms.reduce((n, m) => n + m.total, 0),
    non2xx: ms.reduce((n, m) => n + m.non2xx, 0),
    errors: ms.reduce((n, m) => n + m.errors, 0),
    ...(loads.length ? { load: mid(loads) } : {}),
  };
}

export interface Row {
  key: string;
  scenario: string;
  engine: 'pglite' | 'postgres';
  m?: Measure;
  exp?: { seconds: number; rows: number; rssBefore: number; rssPeak: number };
}

const ENGINE = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const pct = (a: number, b: number) => (b ? (100 * a) / b : 0);
const f1 = (x: number) => (Math.round(x * 10) / 10).toLocaleString('en');
const ok = (b: boolean) => (b ? '✓' : '✗');

/**
 * Each figure's ceiling (issue 11): the bare Fastify + database server of the same run serves
 * hello-world, the same page-1 query and the same read; list variants are measured against page 1.
 * Targets on PostgreSQL: page 1 ≥ 10 % of hello-world and ≥ 60 % of the bare query with p99 ≤ 20 ms;
 * read ≥ 60 % of the bare read; any search ≥ 50 % of page 1; page 5,000 ≥ 25 % of page 1; the
 * cursor's next page ≥ 90 % at any depth. PGlite ≥ 25 % of PostgreSQL on each. Export of 100,000
 * rows < 10 s and < 300 MB.
 */
const CEILINGS: Record<string, { of: string; label: string; min?: number; p99?: boolean }[]> = {
  hello: [{ of: 'bareHello', label: 'hello trần' }],
  page1: [
    { of: 'bareHello', label: 'hello trần', min: 10 },
    { of: 'bareList', label: 'truy vấn trần', min: 60 },
  ],
  read: [{ of: 'bareRead', label: 'đọc trần', min: 60 }],
  cursor: [{ of: 'page1', label: 'trang 1', min: 90 }],
  cursorDeep: [{ of: 'page1', label: 'trang 1', min: 90 }],
  page5000: [{ of: 'page1', label: 'trang 1', min: 25 }],
  pageNear: [{ of: 'page1', label: 'trang 1', min: 25 }],
  searchCommon: [{ of: 'page1', label: 'trang 1', min: 50 }],
  searchRare: [{ of: 'page1', label: 'trang 1', min: 50 }],
  // bench/jobs.ts: the same route with no job running, in the same run; its p99 as a multiple too
  jobsHealth: [{ of: 'jobsHealthIdle', label: 'khi không có tác vụ', p99: true }],
  jobsPage1: [{ of: 'jobsPage1Idle', label: 'khi không có tác vụ', p99: true }],
};
export const P99_PAGE1_MS = 20;
/** Issue 13: a batch's detail (batch + 200 diaries + stage timeline) with 1,000,000 diaries in the table. */
export const P99_BATCH_MS = 30;

/** The ratio column: this figure as a share of each of its ceilings in the same engine's run. */
export function ratioOf(r: Row, all: Row[]): string {
  const m = r.m;
  if (!m) return '—';
  const get = (key: string) => all.find((x) => x.key === key && x.engine === r.engine)?.m;
  return (CEILINGS[r.key] ?? [])
    .map((c) => {
      const base = get(c.of);
      if (!base) return '';
      const p99 = c.p99 && base.p99 ? `, p99 ×${f1(m.p99 / base.p99)}` : '';
      return `${f1(pct(m.rps, base.rps))} %${p99} ${c.label}`;
    })
    .filter(Boolean)
    .join(' · ');
}

function target(r: Row, all: Row[]): [string, string] {
  const get = (key: string, engine = r.engine) => all.find((x) => x.key === key && x.engine === engine)?.m;
  if (r.exp) {
    const met = r.exp.seconds < 10 && r.exp.rssPeak < 300;
    return ['< 10 s, RSS < 300 MB', `${ok(met)} ${f1(r.exp.seconds)} s, RSS ${r.exp.rssBefore} → ${r.exp.rssPeak} MB`];
  }
  const m = r.m as Measure;
  const warn = m.non2xx || m.errors ? ` ⚠ ${m.non2xx} non-2xx, ${m.errors} lỗi` : '';
  if (r.key.startsWith('bare')) return ['trần', warn];
  if (r.key.startsWith('jobs')) return ['—', warn];
  if (r.engine === 'pglite') {
    if (r.key === 'hello') return ['—', warn];
    const pgm = get(r.key, 'postgres');
    if (!pgm) return ['≥ 25 % PostgreSQL', `? ${warn}`];
    const p = pct(m.rps, pgm.rps);
    return ['≥ 25 % PostgreSQL', `${ok(p >= 25)} ${f1(p)} %${warn}`];
  }
  if (r.key === 'batchDetail' || r.key === 'batchDetail4') return [`p99 ≤ ${P99_BATCH_MS} ms`, `${ok(m.p99 <= P99_BATCH_MS)}${warn}`];
  const goals = (CEILINGS[r.key] ?? []).filter((c) => c.min !== undefined);
  if (!goals.length) return ['—', warn];
  const wants = goals.map((c) => `≥ ${c.min} % ${c.label}`);
  let met = goals.every((c) => pct(m.rps, get(c.of)?.rps ?? 0) >= (c.min as number));
  if (r.key === 'page1') {
    wants.push(`p99 ≤ ${P99_PAGE1_MS} ms`);
    met = met && m.p99 <= P99_PAGE1_MS;
  }
  return [wants.join(', '), `${ok(met)}${warn}`];
}

/** A figure of bench/web-size.ts (kept structural so this file does not import the browser code). */
export interface WebRow {
  name: string;
  gzipBytes: number;
  targetBytes?: number;
  detail?: string;
}

const kb = (b: number) => `${f1(b / 1024)} KB`;

/** The web's figures as rows of the same table: name, size in KB gzip, target, ✓/✗. */
export function webRows(web: unknown): string[] {
  if (!Array.isArray(web)) return [];
  return (web as WebRow[])
    .filter((w) => w && typeof w.name === 'string' && typeof w.gzipBytes === 'number')
    .map((w) => {
      const target = w.targetBytes ? `≤ ${f1(w.targetBytes / 1024)} KB gzip` : '—';
      const met = w.targetBytes ? `${ok(w.gzipBytes <= w.targetBytes)} ${kb(w.gzipBytes)}` : kb(w.gzipBytes);
      return `| ${w.name} | Chromium | — | — | — | — | ${target} | ${met} | |`;
    });
}

export interface TableMeta {
  seconds: number;
  connections: number;
  /** rows of the table, per engine when they differ */
  rows: number | Partial<Record<Row['engine'], number>>;
  cpus: number;
  node: string;
  /** the machine's `uptime` at the start and end of the run */
  uptime?: string[];
  /** rounds of the list scenarios (BENCH_REPEAT), each figure the median */
  repeat?: number;
}

export function renderTable(rows: Row[], web: unknown, o: TableMeta): string {
  const out: string[] = [];
  const counts =
    typeof o.rows === 'number'
      ? `${o.rows.toLocaleString('en')} đơn vị tính`
      : Object.entries(o.rows)
          .map(([e, n]) => `${ENGINE[e as Row['engine']]}: ${(n as number).toLocaleString('en')} đơn vị tính`)
          .join('; ');
  out.push(`# Kết quả đo hiệu năng (npm run bench)`, '');
  out.push(
    `${counts}; wrk ${o.connections} kết nối × ${o.seconds} s mỗi kịch bản (đăng nhập: autocannon); máy ${o.cpus} CPU, Node ${o.node}; ${new Date().toISOString()}.`,
  );
  if ((o.repeat ?? 1) > 1)
    out.push(
      `Các kịch bản danh sách và đọc được đo ${o.repeat} vòng (mỗi vòng chạy lần lượt mọi kịch bản một lần); mỗi số là trung vị của ${o.repeat} lần đo.`,
    );
  out.push(
    'Trần ("trần"): một máy chủ Fastify trần trên cùng CSDL và bảng, cùng lần chạy (hello-world, cùng truy vấn trang 1, cùng truy vấn đọc theo id), không phiên, quyền, kiểm tra dữ liệu hay phong bì.',
  );
  out.push('Cột "tải máy": load average 1 phút của máy lúc bắt đầu kịch bản (máy dùng chung; tải cao làm số đo thấp và dao động).');
  for (const u of o.uptime ?? []) out.push(`uptime: ${u}`);
  out.push('Danh sách: đăng nhập thật (kiểm tra phiên + quyền mỗi yêu cầu), ghi log mức warn, 10 dòng/trang, sắp xếp mặc định -id.', '');
  out.push('| kịch bản | CSDL | req/s | p50 ms | p99 ms | tỷ lệ so với trần | mục tiêu | đạt | tải máy |');
  out.push('| --- | --- | ---: | ---: | ---: | --- | --- | --- | ---: |');
  const engines = [...new Set(rows.map((r) => r.engine))];
  for (const engine of engines) {
    const mine = rows.filter((r) => r.engine === engine);
    for (const r of mine) {
      const [t, met] = target(r, rows);
      if (r.m)
        out.push(`| ${r.scenario} | ${ENGINE[engine]} | ${f1(r.m.rps)} | ${r.m.p50} | ${r.m.p99} | ${ratioOf(r, rows)} | ${t} | ${met} | ${r.m.load ?? ''} |`);
      else out.push(`| ${r.scenario} | ${ENGINE[engine]} | — | — | — | — | ${t} | ${met} | |`);
    }
  }
  for (const w of webRows(web)) out.push(w);
  if (Array.isArray(web) && web.some((w) => (w as WebRow).detail)) {
    out.push(
      '',
      'Kích thước web: đo trong Chromium (bench/web-size.ts), bộ nhớ đệm trống; chữ (HTML, JS, CSS) tính gzip -9, phông chữ woff2 tính nguyên tệp; không tính dữ liệu API.',
    );
    for (const w of web as WebRow[]) if (w.detail) out.push(`- ${w.name}: ${w.detail}`);
  }
  return `${out.join('\n')}\n`;
}
