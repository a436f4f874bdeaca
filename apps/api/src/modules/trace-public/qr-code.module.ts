import QRCode from 'qrcode';
import { z } from 'zod';
import { fieldError } from '../../core/errors';
import { defineModule } from '../../core/module';

export const QR_SIZE = { min: 64, max: 1024, default: 256 } as const;

/** True when `url` is an http(s) URL on PUBLIC_URL's origin and under its path. */
export function isUnderPublicUrl(url: string, publicUrl: string): boolean {
  let u: URL;
  let base: URL;
  try {
    u = new URL(url);
    base = new URL(publicUrl);
  } catch {
    return false;
  }
  if (u.origin !== base.origin || u.username || u.password) return false;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return u.pathname === base.pathname || u.pathname.startsWith(prefix);
}

const query = z
  .object({
    url: z.string({ error: 'Vui lòng nhập đường dẫn' }).min(1, 'Vui lòng nhập đường dẫn').max(1000, 'Đường dẫn tối đa 1000 ký tự'),
    format: z.enum(['png', 'svg'], { error: 'Định dạng chỉ nhận png hoặc svg' }).default('png'),
    size: z.coerce
      .number({ error: 'Kích thước phải là số' })
      .int('Kích thước phải là số nguyên')
      .min(QR_SIZE.min, `Kích thước tối thiểu ${QR_SIZE.min} điểm ảnh`)
      .max(QR_SIZE.max, `Kích thước tối đa ${QR_SIZE.max} điểm ảnh`)
      .default(QR_SIZE.default),
  })
  .strict();

/** GET /api/web/qr-code: a QR of a link to this site (never another host: no open QR generator). */
export default defineModule({
  name: 'trace-qr-code',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/web/qr-code',
      access: 'public',
      raw: true,
      produces: ['image/png', 'image/svg+xml'],
      summary: 'Mã QR (PNG hoặc SVG) của một đường dẫn thuộc trang này (PUBLIC_URL)',
      tags: ['Truy xuất nguồn gốc'],
      query,
      async handler(ctx) {
        const { url, format, size } = ctx.query;
        if (!isUnderPublicUrl(url, services.config.publicUrl)) {
          throw fieldError('url', `Chỉ tạo mã QR cho đường dẫn thuộc ${services.config.publicUrl}`);
        }
        const opts = { errorCorrectionLevel: 'M' as const, margin: 2, width: size };
        ctx.reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
        if (format === 'svg') {
          const svg = await QRCode.toString(url, { ...opts, type: 'svg' });
          return ctx.reply.code(200).header('content-type', 'image/svg+xml; charset=utf-8').send(svg);
        }
        const png = await QRCode.toBuffer(url, { ...opts, type: 'png' });
        return ctx.reply.code(200).header('content-type', 'image/png').send(png);
      },
    });
  },
});
