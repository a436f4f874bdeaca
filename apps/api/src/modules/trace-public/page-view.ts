/**
 * The public trace page (issue 14 §2) as a function of a view model: server-rendered Vietnamese HTML,
 * no admin bundle, one small inline style and one small inline script (location consent), readable at
 * 390 px and complete with JavaScript off. Every value is escaped here; the CSP of the page allows the
 * inline style and script by their hashes only (pageCsp).
 */
import crypto from 'node:crypto';
import { formatDate, formatDateTime } from '@nns/shared';

export interface PageDiary {
  at: string;
  activity: string;
  stage: string | null;
  note: string | null;
}

export interface PageView {
  kind: 'trace' | 'stamp';
  /** the address of this page (Open Graph) */
  url: string;
  /** absolute URL of the product image for link previews; `image` is the thumbnail shown */
  ogImage: string | null;
  product: { name: string; image: string | null; gtin: string | null; description: string | null };
  producer: { name: string; address: string | null; phone: string | null; certificates: string[] } | null;
  area: { name: string; address: string | null; acreage: number | null; mapUrl: string | null } | null;
  batch: string | null;
  trace: {
    code: string;
    planting: string | null;
    harvest: string | null;
    packaging: string | null;
    expired: string | null;
    quantity: number | null;
    description: string | null;
    certificates: string[];
  } | null;
  diaries: PageDiary[];
  distributors: { name: string; address: string | null; phone: string | null }[];
  stamp?: {
    code: string;
    serial: number;
    scanCount: number;
    /** distinct scanners */
    scannerCount: number;
    /** reported as a likely counterfeit */
    flagged: boolean;
    /** many distinct scanners: 'check the seal', not a verdict */
    anomaly: boolean;
    firstScanAt: string | null;
    /** the token of the scan this view recorded (location consent posts it); null when not counted */
    scanToken: string | null;
  };
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2a1f;background:#f4f7f2}
main{max-width:720px;margin:0 auto;padding:12px}header{background:#1f6b3a;color:#fff;padding:12px 16px}header h1{margin:0;font-size:18px}
section{background:#fff;border-radius:10px;padding:14px 16px;margin:12px 0;box-shadow:0 1px 2px #0001}h2{font-size:17px;margin:0 0 8px;color:#1f6b3a}
.hero img{width:100%;max-width:320px;height:auto;border-radius:8px;display:block;margin:0 auto 8px}.hero h2{font-size:22px;color:#1f2a1f}
dl{margin:0;display:grid;grid-template-columns:minmax(110px,40%) 1fr;gap:4px 10px}dt{color:#5a6b5a}dd{margin:0;word-break:break-word}
.ok{border-left:6px solid #2e9d4f}.warn{border-left:6px solid #d9480f;background:#fff4ec}.bad{border-left:6px solid #c92a2a;background:#fff0f0}
ol.tl{list-style:none;margin:0;padding:0 0 0 14px;border-left:3px solid #b7d8c0}ol.tl li{margin:0 0 10px;position:relative}
ol.tl li:before{content:"";position:absolute;left:-21px;top:6px;width:11px;height:11px;border-radius:50%;background:#2e9d4f}
.muted{color:#5a6b5a;font-size:14px}.tags span{display:inline-block;background:#e6f4ea;color:#1f6b3a;border-radius:12px;padding:1px 10px;margin:2px 4px 2px 0;font-size:14px}
a{color:#1864ab}button{font:inherit;padding:8px 14px;border-radius:8px;border:1px solid #1f6b3a;background:#fff;color:#1f6b3a}footer{text-align:center;padding:16px}`;

/** Location consent: posts the position once the consumer agrees; the page works without it. */
const SCRIPT = `(function(){var b=document.getElementById('loc');if(!b||!navigator.geolocation)return;b.hidden=false;var o=document.getElementById('loc-msg');
b.onclick=function(){b.disabled=true;o.textContent='Đang lấy vị trí…';navigator.geolocation.getCurrentPosition(function(p){
fetch('/api/web/scans/location',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({code:b.dataset.code,token:b.dataset.scan,lat:p.coords.latitude,long:p.coords.longitude})})
.then(function(r){return r.json()}).then(function(j){o.textContent=(j.data&&j.data.note)||j.message||'';}).catch(function(){o.textContent='Không gửi được vị trí';});
},function(){o.textContent='Bạn chưa cho phép chia sẻ vị trí';b.disabled=false;},{timeout:10000,maximumAge:600000});};})();`;

const hash = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;
/** The CSP of the public pages: nothing but this style, this script, own images and own fetches. */
export const pageCsp = `default-src 'none'; style-src ${hash(STYLE)}; script-src ${hash(SCRIPT)}; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const row = (label: string, value: unknown) => (value === null || value === undefined || value === '' ? '' : `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`);
const date = (v: string | null) => (v ? formatDate(v) : null);
const num = (v: number | null) => (v === null ? null : v.toLocaleString('vi-VN'));

function head(title: string, description: string, v?: PageView): string {
  const og = v
    ? `<meta property="og:type" content="website"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}"><meta property="og:url" content="${esc(v.url)}">${v.ogImage ? `<meta property="og:image" content="${esc(v.ogImage)}">` : ''}<meta property="og:locale" content="vi_VN">`
    : '';
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><meta name="description" content="${esc(description)}">${og}<style>${STYLE}</style></head>`;
}

function stampSection(s: NonNullable<PageView['stamp']>): string {
  const cls = s.flagged ? 'bad' : s.anomaly ? 'warn' : 'ok';
  const verdict = s.flagged
    ? `<h2>⚠ Cảnh báo: tem có dấu hiệu bị làm giả</h2><p>Mã tem này đã được <b>${s.scannerCount}</b> người quét, có lượt ở những nơi cách xa nhau bất thường trong thời gian ngắn. Sản phẩm có thể không phải hàng chính hãng; vui lòng liên hệ nhà sản xuất.</p>`
    : s.anomaly
      ? `<h2>⚠ Mã này đã được nhiều người kiểm tra</h2><p>Mã này đã được nhiều người kiểm tra, hãy kiểm tra tem niêm phong và bao bì còn nguyên vẹn trước khi dùng; nếu có nghi ngờ, vui lòng liên hệ nhà sản xuất. Đây chưa phải là kết luận tem giả.</p>`
      : `<h2>✔ Tem chính hãng</h2><p>Mã tem do hệ thống cấp và còn hiệu lực.</p>`;
  const times =
    s.scanCount <= 1
      ? 'Đây là lần quét đầu tiên.'
      : `Đã được quét ${s.scanCount} lần trên ${s.scannerCount} thiết bị, lần đầu lúc ${esc(formatDateTime(s.firstScanAt))}.`;
  const loc =
    s.scanToken === null
      ? ''
      : `<p><button id="loc" type="button" hidden data-code="${esc(s.code)}" data-scan="${esc(s.scanToken)}">Chia sẻ vị trí để xác thực thêm</button> <span id="loc-msg" class="muted" role="status"></span></p>`;
  return `<section class="${cls}" id="tem">${verdict}<dl>${row('Số sê-ri', s.serial)}${row('Mã tem', s.code)}</dl><p class="muted">${times}</p>${loc}</section>`;
}

export function renderTracePage(v: PageView): string {
  const t = v.trace;
  const title = `${v.product.name} – Truy xuất nguồn gốc`;
  const description = [v.producer?.name, t ? `Mã truy xuất ${t.code}` : null].filter(Boolean).join(' · ') || 'Thông tin truy xuất nguồn gốc sản phẩm';
  const parts: string[] = [];
  parts.push(`${head(title, description, v)}<body><header><h1>Truy xuất nguồn gốc sản phẩm</h1></header><main>`);
  if (v.stamp) parts.push(stampSection(v.stamp));
  parts.push(
    `<section class="hero">${v.product.image ? `<img src="${esc(v.product.image)}" alt="${esc(v.product.name)}" width="320" height="240">` : ''}<h2>${esc(v.product.name)}</h2><dl>${row('Mã vạch GTIN', v.product.gtin)}${t ? row('Mã truy xuất', t.code) : ''}${row('Lô sản xuất', v.batch)}</dl>${v.product.description ? `<p>${esc(v.product.description)}</p>` : ''}</section>`,
  );
  if (v.producer) {
    const p = v.producer;
    parts.push(
      `<section><h2>Cơ sở sản xuất</h2><dl>${row('Tên', p.name)}${row('Địa chỉ', p.address)}${row('Điện thoại', p.phone)}</dl>${p.certificates.length ? `<p class="tags">${p.certificates.map((c) => `<span>${esc(c)}</span>`).join('')}</p>` : ''}</section>`,
    );
  }
  if (v.area) {
    const a = v.area;
    parts.push(
      `<section><h2>Vùng nguyên liệu</h2><dl>${row('Tên vùng', a.name)}${row('Địa chỉ', a.address)}${row('Diện tích', a.acreage === null ? null : `${num(a.acreage)} ha`)}</dl>${a.mapUrl ? `<p><a href="${esc(a.mapUrl)}" rel="noopener" target="_blank">Xem vị trí trên bản đồ</a></p>` : ''}</section>`,
    );
  }
  if (t) {
    parts.push(
      `<section><h2>Thông tin lô hàng</h2><dl>${row('Ngày gieo trồng', date(t.planting))}${row('Ngày thu hoạch', date(t.harvest))}${row('Ngày đóng gói', date(t.packaging))}${row('Hạn sử dụng', date(t.expired))}${row('Số lượng', num(t.quantity))}</dl>${t.certificates.length ? `<p class="tags">${t.certificates.map((c) => `<span>${esc(c)}</span>`).join('')}</p>` : ''}${t.description ? `<p>${esc(t.description)}</p>` : ''}</section>`,
    );
  }
  if (v.diaries.length) {
    parts.push(
      `<section><h2>Nhật ký sản xuất</h2><ol class="tl">${v.diaries
        .map(
          (d) =>
            `<li><b>${esc(d.activity)}</b>${d.stage ? ` · ${esc(d.stage)}` : ''}<br><span class="muted">${esc(formatDateTime(d.at))}</span>${d.note ? `<br>${esc(d.note)}` : ''}</li>`,
        )
        .join('')}</ol></section>`,
    );
  }
  if (v.distributors.length) {
    parts.push(
      `<section><h2>Nhà phân phối</h2><ul>${v.distributors.map((d) => `<li><b>${esc(d.name)}</b>${d.address ? `<br>${esc(d.address)}` : ''}${d.phone ? `<br>ĐT: ${esc(d.phone)}` : ''}</li>`).join('')}</ul></section>`,
    );
  }
  parts.push(
    `</main><footer class="muted">Hệ thống truy xuất nguồn gốc nông sản</footer>${v.stamp?.scanToken != null ? `<script>${SCRIPT}</script>` : ''}</body></html>`,
  );
  return parts.join('');
}

/** A page for a code that cannot be shown (404 unknown or voided, 410 inactive, 400 malformed link). */
export function renderMessagePage(title: string, message: string): string {
  return `${head(title, message)}<body><header><h1>Truy xuất nguồn gốc sản phẩm</h1></header><main><section class="bad"><h2>⚠ ${esc(title)}</h2><p>${esc(message)}</p></section></main></body></html>`;
}
