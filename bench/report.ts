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
 * The targets. On PostgreSQL: page 1 ≥ 10 % of hello-world with p99 ≤ 25 ms; the total's cost
 * ≤ 20 % (page 1, which counts, against a cursor page, which does not); cursor pages ≥ 90 % of page 1;
 * page 5,000 ≥ 25 % of page 1. PGlite ≥ 25 % of PostgreSQL's req/s. Export of 100,000 rows < 10 s, < 300 MB.
 */
function target(r: Row, all: Row[]): [string, string] {
  const get = (key: string, engine = r.engine) => all.find((x) => x.key === key && x.engine === engine)?.m;
  if (r.exp) {
    const met = r.exp.seconds < 10 && r.exp.rssPeak < 300;
    return ['< 10 s, RSS < 300 MB', `${ok(met)} ${f1(r.exp.seconds)} s, RSS ${r.exp.rssBefore} → ${r.exp.rssPeak} MB`];
  }
  const m = r.m as Measure;
  const warn = m.non2xx || m.errors ? ` ⚠ ${m.non2xx} non-2xx, ${m.errors} lỗi` : '';
  if (r.engine === 'pglite') {
    if (r.key === 'hello') return ['—', warn];
    const pgm = get(r.key, 'postgres');
    if (!pgm) return ['≥ 25 % PostgreSQL', `? ${warn}`];
    const p = pct(m.rps, pgm.rps);
    return ['≥ 25 % PostgreSQL', `${ok(p >= 25)} ${f1(p)} %${warn}`];
  }
  const page1 = get('page1');
  switch (r.key) {
    case 'page1': {
      const p = pct(m.rps, get('hello')?.rps ?? 0);
      return ['≥ 10 % hello, p99 ≤ 25 ms', `${ok(p >= 10 && m.p99 <= 25)}${warn}`];
    }
    case 'cursor':
    case 'cursorDeep': {
      const p = pct(m.rps, page1?.rps ?? 0);
      return ['≥ 90 % trang 1', `${ok(p >= 90)} ${f1(p)} %${warn}`];
    }
    case 'page5000': {
      const p = pct(m.rps, page1?.rps ?? 0);
      return ['≥ 25 % trang 1', `${ok(p >= 25)} ${f1(p)} %${warn}`];
    }
    default:
      return ['—', warn];
  }
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

export function renderTable(rows: Row[], web: unknown, o: { seconds: number; connections: number; rows: number; cpus: number; node: string }): string {
  const out: string[] = [];
  out.push(`# Kết quả đo hiệu năng (npm run bench)`, '');
  out.push(
    `${o.rows.toLocaleString('en')} đơn vị tính; autocannon ${o.connections} kết nối × ${o.seconds} s mỗi kịch bản, từ một tiến trình con; máy ${o.cpus} CPU, Node ${o.node}; ${new Date().toISOString()}.`,
  );
  out.push('Cột "tải máy": load average 1 phút của máy lúc bắt đầu kịch bản (máy dùng chung; tải cao làm số đo thấp và dao động).');
  out.push('Danh sách: đăng nhập thật (kiểm tra phiên + quyền mỗi yêu cầu), ghi log mức warn, 10 dòng/trang, sắp xếp mặc định -id.', '');
  out.push('| kịch bản | CSDL | req/s | p50 ms | p99 ms | % hello-world | mục tiêu | đạt | tải máy |');
  out.push('| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: |');
  const engines = [...new Set(rows.map((r) => r.engine))];
  for (const engine of engines) {
    const mine = rows.filter((r) => r.engine === engine);
    const hello = mine.find((r) => r.key === 'hello')?.m?.rps ?? 0;
    for (const r of mine) {
      const [t, met] = target(r, rows);
      if (r.m)
        out.push(
          `| ${r.scenario} | ${ENGINE[engine]} | ${f1(r.m.rps)} | ${r.m.p50} | ${r.m.p99} | ${f1(pct(r.m.rps, hello))} % | ${t} | ${met} | ${r.m.load ?? ''} |`,
        );
      else out.push(`| ${r.scenario} | ${ENGINE[engine]} | — | — | — | — | ${t} | ${met} | |`);
      if (r.key === 'page1' && engine === 'postgres') {
        const cursor = mine.find((x) => x.key === 'cursor')?.m;
        if (cursor && r.m) {
          const cost = 100 - pct(r.m.rps, cursor.rps);
          out.push(
            `| chi phí của tổng số (trang 1 so với trang theo con trỏ, không đếm) | ${ENGINE[engine]} | | | | | ≤ 20 % | ${ok(cost <= 20)} ${f1(cost)} % | |`,
          );
        }
      }
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
