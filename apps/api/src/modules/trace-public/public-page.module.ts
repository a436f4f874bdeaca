import { parseDigitalLink, toGtin14 } from '@nns/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineModule } from '../../core/module';
import { exec, execStatic, runsInParallel } from '../../core/resource-store';
import { cachedPage, pageByTrace, traceIdByCode, viewOf } from './page-data';
import { pageCsp, renderMessagePage, renderTracePage } from './page-view';
import { ScanBatcher } from './scan-batch';
import { addrOf, cookieClientOf, isScanToken, newScanToken, SCAN_TOKEN_MINUTES, scanClientOf, setScanCookie, tokenHash } from './scan-client';
import { isAutomated, recordLocation, startScanPartitions, tellAnomaly } from './scans';

export const UNKNOWN_CODE = 'Mã không tồn tại hoặc tem đã bị hủy';
export const INACTIVE_TRACE = 'Hồ sơ truy xuất này đã ngừng hoạt động';
const CODE_RE = /^[A-Za-z0-9._~-]{1,64}$/;
const tags = ['Truy xuất nguồn gốc'];
/** shared links carry tracking parameters (fbclid, utm_…, zarsrc): the page ignores them */
const anyQuery = z.looseObject({});

function html(reply: FastifyReply, status: number, body: string, cache: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('content-security-policy', pageCsp)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** The public page of a product by its GTIN-14: where `/01/{gtin}` goes when no active trace names it. */
export const PRODUCT_PAGE = '/truy-xuat/san-pham/';

const redirect = (reply: FastifyReply, location: string) => reply.code(307).header('location', location).header('cache-control', 'public, max-age=300').send();

const refuse = (reply: FastifyReply, status: 400 | 404 | 410, message: string) => {
  const title = status === 410 ? 'Hồ sơ ngừng hoạt động' : status === 400 ? 'Đường dẫn không hợp lệ' : 'Không tìm thấy mã';
  return html(reply, status, renderMessagePage(title, message), 'public, max-age=60');
};

/**
 * The public trace page (GET /truy-xuat/{code}, issue 14 §2, §7), GS1 Digital Link paths at the root
 * (§5) and the location a consumer agrees to share. No session is looked up on these routes.
 */
export default defineModule({
  name: 'trace-public-page',
  // scans are partitioned by month: partitions made ahead at start and daily
  start: (s) => startScanPartitions(s),
  routes(router, services) {
    const { config } = services;
    const views = new ScanBatcher(services.db, {
      flagAfter: config.SCAN_FLAG_AFTER,
      ratePer10Min: config.SCAN_RATE_PER_10_MIN,
      // PGlite runs one statement at a time anyway; on PostgreSQL a second batch fills while one commits
      maxInFlight: runsInParallel(services.db) ? 2 : 1,
    });
    router.add({
      method: 'GET',
      url: '/truy-xuat/:code',
      access: 'public',
      raw: true,
      produces: ['text/html'],
      summary: 'Trang truy xuất nguồn gốc công khai (HTML) của một mã truy xuất hoặc mã tem; mỗi lượt xem mã tem là một lượt quét',
      tags,
      params: z.object({ code: z.string() }),
      query: anyQuery,
      async handler({ params, req, reply }) {
        const code = params.code;
        if (!CODE_RE.test(code)) return refuse(reply, 404, UNKNOWN_CODE);
        const url = `${config.publicUrl}/truy-xuat/${encodeURIComponent(code)}`;
        // the look-up and, for a consumer, the scan: one statement shared with the views arriving meanwhile
        const consumer = isAutomated(req) ? null : scanClientOf(req);
        const token = consumer ? newScanToken() : null;
        const hit = await views.view(
          code,
          consumer && token ? { ip: req.ip, ua: req.headers['user-agent'] ?? '', client: consumer.client, addr: consumer.addr, tokenHash: token.hash } : null,
        );
        if (hit) {
          const { stamp, scan } = hit;
          if (stamp.status === 'voided') return refuse(reply, 404, UNKNOWN_CODE);
          if (hit.anomalyRaised) {
            void tellAnomaly(services, stamp).catch((err) => services.log.warn({ err }, 'stamp anomaly not notified'));
          }
          const row = stamp.trace_id ? await cachedPage(services.db, 'trace', stamp.trace_id) : await cachedPage(services.db, 'product', stamp.product_id);
          if (!row || row.product_deleted) return refuse(reply, 404, UNKNOWN_CODE);
          if (row.active === false) return refuse(reply, 410, INACTIVE_TRACE);
          const view = viewOf(row, url, config.publicUrl);
          view.kind = 'stamp';
          view.stamp = {
            code: stamp.code,
            serial: Number(stamp.serial),
            scanCount: scan?.scan_count ?? stamp.scan_count,
            scannerCount: scan?.scanner_count ?? stamp.scanner_count,
            flagged: scan?.flagged ?? stamp.flagged,
            anomaly: scan?.anomaly ?? stamp.anomaly,
            firstScanAt: scan?.first_scan_at ?? stamp.first_scan_at,
            scanToken: scan && token ? token.token : null,
          };
          // the cookie only with a counted scan: the reload that brings it back is the same scanner
          if (scan && consumer?.newCookie) setScanCookie(reply, consumer.newCookie, config.publicUrl.startsWith('https://'));
          // every view is a scan: no shared cache may answer it, and the browser asks again each time
          return html(reply, 200, renderTracePage(view), 'private, no-cache');
        }
        const traceId = await traceIdByCode(services.db, code);
        const row = traceId ? await pageByTrace(services.db, traceId) : null;
        if (!row || row.product_deleted) return refuse(reply, 404, UNKNOWN_CODE);
        if (row.active === false) return refuse(reply, 410, INACTIVE_TRACE);
        return html(reply, 200, renderTracePage(viewOf(row, url, config.publicUrl)), 'public, max-age=300, stale-while-revalidate=600');
      },
    });

    router.add({
      method: 'POST',
      url: '/api/web/scans/location',
      access: 'public',
      summary: `Vị trí người tiêu dùng đồng ý chia sẻ cho lượt quét vừa ghi của chính họ (theo mã lượt quét trang trả về, trong ${SCAN_TOKEN_MINUTES} phút, một lần)`,
      tags,
      body: z
        .object({
          code: z.string({ error: 'Mã tem không hợp lệ' }).regex(CODE_RE, 'Mã tem không hợp lệ'),
          token: z.string({ error: 'Mã lượt quét không hợp lệ' }).refine(isScanToken, 'Mã lượt quét không hợp lệ'),
          lat: z.number({ error: 'Vĩ độ không hợp lệ' }).min(-90, 'Vĩ độ không hợp lệ').max(90, 'Vĩ độ không hợp lệ'),
          long: z.number({ error: 'Kinh độ không hợp lệ' }).min(-180, 'Kinh độ không hợp lệ').max(180, 'Kinh độ không hợp lệ'),
        })
        .strict(),
      response: z.object({
        outcome: z
          .enum(['unknown', 'recorded', 'flagged'])
          .meta({ 'x-enum-labels': ['Lượt quét đã hết hạn ghi vị trí', 'Đã ghi nhận vị trí', 'Có dấu hiệu tem bị làm giả'] }),
        flagged: z.boolean(),
        note: z.string().describe('lời nhắn cho người quét'),
      }),
      async handler(ctx) {
        const { code, token, lat, long } = ctx.body;
        const outcome = await recordLocation(services.db, {
          code,
          tokenHash: tokenHash(token),
          client: cookieClientOf(ctx.req),
          addr: addrOf(ctx.req),
          lat,
          long,
        });
        ctx.reply.header('cache-control', 'no-store');
        return {
          outcome,
          flagged: outcome === 'flagged',
          note:
            outcome === 'flagged'
              ? 'Cảnh báo: mã tem này vừa được nhiều người quét ở những nơi cách xa nhau bất thường, có dấu hiệu bị làm giả'
              : outcome === 'recorded'
                ? 'Đã ghi nhận vị trí, cảm ơn bạn'
                : 'Lượt quét đã hết hạn ghi vị trí',
        };
      },
    });

    router.add({
      method: 'GET',
      url: '/01/*',
      access: 'public',
      raw: true,
      produces: ['text/html'],
      summary:
        'GS1 Digital Link: /01/{gtin}[/10/{lô}][/21/{sê-ri}] chuyển (307) tới trang truy xuất của hồ sơ hoặc của tem; /01/{gtin} tới hồ sơ đang hoạt động mới nhất của sản phẩm, hoặc trang sản phẩm',
      tags,
      params: z.object({ '*': z.string() }),
      query: anyQuery,
      async handler({ req, reply }) {
        // the path as sent: a lot may hold an encoded '/' (%2F, GS1's set 82 has it), which the decoded parameter loses
        const parsed = parseDigitalLink((req.raw.url ?? '').split('?')[0]);
        if (!parsed.ok) return refuse(reply, 400, parsed.message);
        const { gtin, lot, serial } = parsed.link;
        let code: string | null = null;
        if (serial !== undefined) {
          if (!/^\d{1,15}$/.test(serial)) return refuse(reply, 404, UNKNOWN_CODE);
          const [row] = await execStatic<{ code: string }>(
            services.db,
            'trace-public:dl-serial',
            (v) => sql`select sc.code from stamp_codes sc join stamps s on s.id = sc.stamp_id join products p on p.id = s.product_id
              left join traces t on t.id = s.trace_id left join batches b on b.id = t.batch_id
              where sc.serial = ${v('serial')}::bigint and lpad(p.gtin, 14, '0') = ${v('gtin')}
                and (${v('lot')}::text is null or t.code = ${v('lot')}::text or b.code = ${v('lot')}::text) and sc.status <> 'voided'`,
            { serial, gtin, lot: lot ?? null },
          );
          code = row?.code ?? null;
        } else if (lot !== undefined) {
          const [row] = await exec<{ code: string }>(
            services.db,
            sql`select t.code from traces t join products p on p.id = t.product_id left join batches b on b.id = t.batch_id
              where lpad(p.gtin, 14, '0') = ${gtin} and (t.code = ${lot} or b.code = ${lot}) order by t.active desc, t.id desc limit 1`,
          );
          code = row?.code ?? null;
        } else {
          // the GTIN alone: the product's default page, its newest active trace, else the product's own page
          const [row] = await execStatic<{ code: string | null }>(
            services.db,
            'trace-public:dl-gtin',
            (v) => sql`select (select t.code from traces t where t.product_id = p.id and t.active order by t.id desc limit 1) as code
              from products p where lpad(p.gtin, 14, '0') = ${v('gtin')} and p.deleted_at is null order by p.id limit 1`,
            { gtin },
          );
          if (!row) return refuse(reply, 404, UNKNOWN_CODE);
          code = row.code;
          if (!code) return redirect(reply, `${config.publicUrl}${PRODUCT_PAGE}${gtin}`);
        }
        if (!code) return refuse(reply, 404, UNKNOWN_CODE);
        return redirect(reply, `${config.publicUrl}/truy-xuat/${encodeURIComponent(code)}`);
      },
    });

    router.add({
      method: 'GET',
      url: `${PRODUCT_PAGE}:gtin`,
      access: 'public',
      raw: true,
      produces: ['text/html'],
      summary: 'Trang công khai của một sản phẩm theo GTIN-14 (đích của /01/{gtin} khi sản phẩm chưa có hồ sơ truy xuất đang hoạt động)',
      tags,
      params: z.object({ gtin: z.string() }),
      query: anyQuery,
      async handler({ params, reply }) {
        const gtin = toGtin14(params.gtin);
        const [row] = gtin
          ? await execStatic<{ id: number }>(
              services.db,
              'trace-public:product-by-gtin',
              (v) => sql`select id from products where lpad(gtin, 14, '0') = ${v('gtin')} and deleted_at is null order by id limit 1`,
              { gtin },
            )
          : [];
        const page = row ? await cachedPage(services.db, 'product', row.id) : null;
        if (!page || page.product_deleted) return refuse(reply, 404, UNKNOWN_CODE);
        const url = `${config.publicUrl}${PRODUCT_PAGE}${gtin}`;
        return html(reply, 200, renderTracePage(viewOf(page, url, config.publicUrl)), 'public, max-age=300, stale-while-revalidate=600');
      },
    });
  },
});
