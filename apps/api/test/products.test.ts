import { MESSAGES, thumbnailUrlOf } from '@nns/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, makeApp, makeUser, type TestApp, uploadedImageUrl } from './helpers';
import { gtin13 } from './samples';

let t: TestApp;
let manufactureId: number;
beforeAll(async () => {
  t = await makeApp();
  const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-GL-01', name: 'Hợp tác xã Hồ tiêu Chư Sê' } });
  manufactureId = m.body.data.entry.id;
});
afterAll(async () => t?.close());

const errorsOf = (r: { body: { data: { errors: { field: string; message: string }[] } } }) => r.body.data.errors;

describe('products', () => {
  it('checks the GTIN check digit (GS1) with a Vietnamese message', async () => {
    for (const gtin of ['8934563138162', '8934563138163', '89345631', '893456313816', 'ABC4563138165']) {
      const r = await call(t, 'POST', '/api/admin/products', { body: { code: `SP-${gtin}`, name: 'Hồ tiêu', gtin } });
      expect(r.status, gtin).toBe(400);
      expect(errorsOf(r)).toContainEqual({ field: 'gtin', message: MESSAGES.gtin });
    }
    // 893 prefix, valid GTIN-13; a GTIN-8 and a GTIN-14 with valid check digits
    for (const gtin of ['8934563138165', '96385074', '18934563138162']) {
      const r = await call(t, 'POST', '/api/admin/products', { body: { code: `SP-${gtin}`, name: 'Hồ tiêu', gtin } });
      expect(r.status, `${gtin} ${JSON.stringify(r.body)}`).toBe(200);
    }
    const dup = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-DUP', name: 'Hồ tiêu', gtin: '8934563138165' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Mã vạch (GTIN) đã tồn tại');
  });

  it('sanitises the rich-text description on create and update', async () => {
    const html =
      '<p onclick="steal()">Hồ tiêu <strong>Chư Sê</strong></p><script>alert("xss")</script>' +
      '<img src="javascript:alert(1)"><a href="javascript:alert(2)">xem</a><iframe src="https://evil.example"></iframe>' +
      '<img src="https://nns.vn/uploads/a.jpg" alt="Hạt tiêu">';
    const r = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-HTML', name: 'Tiêu đen', description: html } });
    expect(r.status).toBe(200);
    const d = r.body.data.entry.description as string;
    expect(d).toContain('<p>Hồ tiêu <strong>Chư Sê</strong></p>');
    expect(d).toContain('<img src="https://nns.vn/uploads/a.jpg" alt="Hạt tiêu" />');
    for (const bad of ['<script', 'alert("xss")', 'onclick', 'javascript:', '<iframe']) expect(d).not.toContain(bad);
    const u = await call(t, 'PUT', `/api/admin/products/${r.body.data.entry.id}`, {
      body: { description: '<h2>Bảo quản</h2><style>body{}</style><script>x()</script>' },
    });
    expect(u.body.data.entry.description).toBe('<h2>Bảo quản</h2>');
  });

  it('stores every DOMAIN field, several images, certifications and OCOP stars', async () => {
    const images = [await uploadedImageUrl(t), await uploadedImageUrl(t)];
    const body = {
      code: 'SP-TIEU-500',
      gtin: gtin13(),
      name: 'Hồ tiêu đen Chư Sê 500 g',
      manufacture_id: manufactureId,
      price: 95000,
      images,
      ingredients: '100% hạt tiêu đen',
      usage: 'Xay trước khi dùng',
      storage: 'Nơi khô ráo, thoáng mát',
      shelf_life_days: 730,
      ocop_stars: 4,
      certifications: [{ type: 'ocop', stars: 4, number: 'OCOP-GL-2023-12', issuer: 'UBND tỉnh Gia Lai' }],
    };
    const r = await call(t, 'POST', '/api/admin/products', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry).toMatchObject({
      ...body,
      status: 'pending',
      is_highlight: false,
      manufacture: { id: manufactureId, name: 'Hợp tác xã Hồ tiêu Chư Sê' },
    });
    const bad = await call(t, 'POST', '/api/admin/products', { body: { code: 'X1', name: 'X', ocop_stars: 6, shelf_life_days: -1, price: -5 } });
    expect(errorsOf(bad)).toEqual(
      expect.arrayContaining([
        { field: 'ocop_stars', message: MESSAGES.max('Hạng OCOP (sao)', 5) },
        { field: 'shelf_life_days', message: MESSAGES.min('Hạn sử dụng (ngày)', 0) },
        { field: 'price', message: MESSAGES.min('Giá (VNĐ)', 0) },
      ]),
    );
  });

  it('takes images only as files uploaded through the uploads route (no data: or outside URLs)', async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#6d4c41' } })
      .png()
      .toBuffer();
    const boundary = '----nnsproducts';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ca-phe.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth(t.adminToken) },
    });
    expect(up.statusCode).toBe(200);
    const { url, thumbnail_url } = up.json().data;
    expect(thumbnailUrlOf(url)).toBe(thumbnail_url);

    const dataUrl = `data:image/png;base64,${image.toString('base64')}`;
    for (const images of [[dataUrl], ['https://example.com/anh.jpg'], [url, '//evil.example/a.png'], ['/uploads/../etc/passwd.png']]) {
      const r = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-ANH-1', name: 'Cà phê', images } });
      expect(r.status, images.join()).toBe(400);
      expect(errorsOf(r)).toEqual([{ field: 'images', message: 'Tệp phải được tải lên qua hệ thống' }]);
    }
    const pdf = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-ANH-1', name: 'Cà phê', images: ['/uploads/media/2025/01/x.pdf'] } });
    expect(errorsOf(pdf)).toEqual([{ field: 'images', message: MESSAGES.uploadImage }]);
    const logo = await call(t, 'PUT', `/api/admin/manufactures/${manufactureId}`, { body: { logo: 'javascript:alert(1)' } });
    expect(errorsOf(logo)).toEqual([{ field: 'logo', message: 'Tệp phải được tải lên qua hệ thống' }]);

    // the right form, but never uploaded: refused like a reference that does not exist, nothing written
    const never = '/uploads/media/2025/01/0123456789abcdef01234567.png';
    const ghost = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-ANH-1', name: 'Cà phê', images: [url, never] } });
    expect(ghost.status).toBe(400);
    expect(errorsOf(ghost)).toEqual([{ field: 'images', message: 'Hình ảnh: tệp chưa được tải lên hệ thống, vui lòng tải lên lại' }]);
    const ghostLogo = await call(t, 'PUT', `/api/admin/manufactures/${manufactureId}`, { body: { logo: never } });
    expect(errorsOf(ghostLogo)).toEqual([{ field: 'logo', message: expect.stringContaining('tệp chưa được tải lên hệ thống') }]);
    expect((await call(t, 'GET', '/api/admin/products', { query: { search: 'SP-ANH-1' } })).body.data.entries).toEqual([]);

    const ok = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-ANH-1', name: 'Cà phê', images: [url] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.entry.images).toEqual([url]);
    expect((await t.app.inject({ method: 'GET', url: thumbnail_url })).headers['content-type']).toBe('image/webp');
  });

  it('approves (change-status), rejects, toggles highlight, and counts', async () => {
    const r = await call(t, 'POST', '/api/admin/products', {
      body: { code: 'SP-GAO-ST25', name: 'Gạo ST25 Sóc Trăng túi 5 kg', manufacture_id: manufactureId },
    });
    const id = r.body.data.entry.id;
    const before = (await call(t, 'GET', '/api/admin/products/count', { query: { status: 'approved' } })).body.data.count;
    const editor = await makeUser(t, { perms: ['update:products', 'list:products'] });
    expect((await call(t, 'PUT', `/api/admin/products/change-status/${id}`, { token: editor.token })).status).toBe(403);
    // the status changes only through the approval actions, never through an edit (a read-only field sent back is set aside)
    const sneak = await call(t, 'PUT', `/api/admin/products/${id}`, { token: editor.token, body: { status: 'approved' } });
    expect(sneak.status).toBe(200);
    expect(sneak.body.data.entry.status).not.toBe('approved');
    const a = await call(t, 'PUT', `/api/admin/products/change-status/${id}`);
    expect(a.status).toBe(200);
    expect(a.body.data.entry.status).toBe('approved');
    expect((await call(t, 'GET', '/api/admin/products/count', { query: { status: 'approved' } })).body.data.count).toBe(before + 1);
    const h = await call(t, 'PUT', `/api/admin/products/change-highlight/${id}`, { token: editor.token });
    expect(h.body.data.entry.is_highlight).toBe(true);
    expect((await call(t, 'GET', '/api/admin/products/count', { query: { is_highlight: 'true' } })).body.data.count).toBe(1);
    const rej = await call(t, 'PUT', `/api/admin/products/reject/${id}`);
    expect(rej.body.data.entry.status).toBe('rejected');
  });

  it('finds a product by a search without accents and filters by producer', async () => {
    const r = await call(t, 'GET', '/api/admin/products', { query: { search: 'gao st25 soc trang' } });
    expect(r.body.data.entries.map((e: { code: string }) => e.code)).toEqual(['SP-GAO-ST25']);
    const f = await call(t, 'GET', '/api/admin/products', { query: { manufacture_id: String(manufactureId), limit: '100' } });
    expect(f.body.data.entries.length).toBeGreaterThanOrEqual(2);
  });
});
