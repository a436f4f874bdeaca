import { resourceByName } from '@nns/shared/registry';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, makeApp, makeUser, type TestApp, uploadedImageUrl } from './helpers';
import { createSample } from './samples';

/** Issue 17 part B: menus, banners, single records, season calendars and their public API. */
let t: TestApp;
let plantId: number;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  t = await makeApp();
  plantId = await createSample(t, resourceByName.plants);
  wardA = await createSample(t, resourceByName.wards);
  wardB = await createSample(t, resourceByName.wards);
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const day = (d: string) => `${d}T00:00:00Z`;
const calendar = (o: Record<string, unknown> = {}) => ({
  name: 'Lúa Hè Thu',
  plant_id: plantId,
  season: 'he_thu',
  year: 2026,
  ward_id: wardA,
  sowing_from: day('2026-04-25'),
  sowing_to: day('2026-05-20'),
  harvest_from: day('2026-08-10'),
  harvest_to: day('2026-09-05'),
  visibility: 1,
  ...o,
});

describe('menus', () => {
  it('stores a nested tree, refuses a bad one with Vietnamese messages, and publishes only an active menu', async () => {
    const items = [
      { key: 'a', title: 'Trang chủ', kind: 'url', url: '/' },
      { key: 'b', title: 'Tin tức', kind: 'category', ref_id: 3, children: [{ key: 'c', title: 'Bài hay', kind: 'article', ref_id: 7 }] },
    ];
    const c = await call(t, 'POST', '/api/admin/menus', { body: { name: 'Menu chính', position: 'header', items } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const id = c.body.data.entry.id;
    // reordered and nested: what the drag-and-drop editor sends back
    const moved = [{ ...items[1], children: [items[1].children?.[0], { ...items[0] }] }];
    const u = await call(t, 'PUT', `/api/admin/menus/${id}`, { body: { items: moved } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.entry.items[0].children.map((i: { key: string }) => i.key)).toEqual(['c', 'a']);

    const noUrl = await call(t, 'PUT', `/api/admin/menus/${id}`, { body: { items: [{ key: 'x', title: 'Trống', kind: 'url' }] } });
    expect(noUrl.status).toBe(400);
    expect(JSON.stringify(noUrl.body.data.errors)).toContain('đường dẫn bắt buộc');
    const deep = {
      key: 'd1',
      title: '1',
      kind: 'url',
      url: '/',
      children: [
        {
          key: 'd2',
          title: '2',
          kind: 'url',
          url: '/',
          children: [{ key: 'd3', title: '3', kind: 'url', url: '/', children: [{ key: 'd4', title: '4', kind: 'url', url: '/' }] }],
        },
      ],
    };
    const tooDeep = await call(t, 'PUT', `/api/admin/menus/${id}`, { body: { items: [deep] } });
    expect(tooDeep.status).toBe(400);
    expect(JSON.stringify(tooDeep.body.data.errors)).toContain('tối đa 3 cấp');
    // a second header menu prepared switched off does not replace the one in use
    const draft = await call(t, 'POST', '/api/admin/menus', { body: { name: 'Menu Tết', position: 'header', status: 0, items: [] } });
    expect(draft.status).toBe(200);

    const pub = await call(t, 'GET', '/api/web/menus', { token: '' });
    expect(pub.status).toBe(200);
    expect(pub.body.data.entries.find((m: { position: string }) => m.position === 'header').items[0].children).toHaveLength(2);
    expect(pub.body.data.entries[0]).not.toHaveProperty('created_by');
    // an article or category link carries the slug the portal links by, null while its target is not public (here: no such table yet)
    const news = pub.body.data.entries.find((m: { position: string }) => m.position === 'header').items[0];
    expect(news).toMatchObject({ kind: 'category', ref_id: 3 });
    await call(t, 'PUT', `/api/admin/menus/change-status/${id}`);
    const off = await call(t, 'GET', '/api/web/menus', { token: '' });
    expect(off.body.data.entries.some((m: { id: number }) => m.id === id)).toBe(false);
  });
});

describe('banners', () => {
  it('orders a slot, refuses a period that ends before it starts, and shows on the public API only while active', async () => {
    const image = await uploadedImageUrl(t);
    const mk = async (title: string, o: Record<string, unknown> = {}) => {
      const r = await call(t, 'POST', '/api/admin/banner-images', { body: { position: 'main', title, image, alt: `Ảnh ${title}`, ...o } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.entry;
    };
    const a = await mk('Mùa lúa', { sort_order: 0 });
    const b = await mk('Cà phê', { sort_order: 1, active_from: '2026-12-01T00:00:00Z', active_to: '2026-12-31T16:59:59Z' });
    expect(b.display_state).toMatch(/upcoming|expired|active/);
    const bad = await call(t, 'POST', '/api/admin/banner-images', {
      body: { position: 'main', title: 'Sai', image, alt: 'x', active_from: '2026-12-10T00:00:00Z', active_to: '2026-12-01T00:00:00Z' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({ field: 'active_to', message: 'Thời gian kết thúc hiển thị phải sau thời gian bắt đầu' });
    const noAlt = await call(t, 'POST', '/api/admin/banner-images', { body: { position: 'main', title: 'Thiếu alt', image } });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.data.errors.map((e: { message: string }) => e.message)).toContain('Mô tả ảnh (alt) bắt buộc');

    const order = await call(t, 'PUT', '/api/admin/configs/main-banner-images', { body: { ids: [b.id, a.id] } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.entries.map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);
    const partial = await call(t, 'PUT', '/api/admin/configs/main-banner-images', { body: { ids: [a.id] } });
    expect(partial.status).toBe(400);
    const list = await call(t, 'GET', '/api/admin/configs/main-banner-images');
    expect(list.body.data.entries.map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T00:00:00Z'));
    const before = await call(t, 'GET', '/api/web/banners', { token: '', query: { position: 'main' } });
    expect(before.body.data.entries.map((e: { id: number }) => e.id)).toEqual([a.id]);
    vi.setSystemTime(new Date('2026-12-15T00:00:00Z'));
    const during = await call(t, 'GET', '/api/web/banners', { token: '', query: { position: 'main' } });
    expect(during.body.data.entries.map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);
    expect(during.body.data.entries[0]).not.toHaveProperty('status');
    vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
    const after = await call(t, 'GET', '/api/web/banners', { token: '' });
    expect(after.body.data.entries.map((e: { id: number }) => e.id)).toEqual([a.id]);
    vi.useRealTimers();
    await call(t, 'PUT', `/api/admin/banner-images/change-status/${a.id}`);
    const off = await call(t, 'GET', '/api/web/banners', { token: '' });
    expect(off.body.data.entries.some((e: { id: number }) => e.id === a.id)).toBe(false);
    const bad2 = await call(t, 'GET', '/api/web/banners', { token: '', query: { position: 'bottom' } });
    expect(bad2.status).toBe(400);
  });
});

describe('single records', () => {
  it.each([
    ['footer', '/api/web/footer', { organization: 'UBND phường Xuân Hương', phone: '02633822456', content: '<p>Chân trang</p><script>alert(1)</script>' }],
    ['contact', '/api/web/contact', { organization: 'Phòng Kinh tế', hotline: '0912345678', email: 'lienhe@xuanhuong.gov.vn' }],
    ['configs/logo', '/api/web/site-info', { site_name: 'Nông nghiệp số', slogan: 'Minh bạch nguồn gốc' }],
  ])('%s: GET is null before the first save, POST creates once, PUT updates, the public answer follows', async (path, web, body) => {
    const empty = await call(t, 'GET', `/api/admin/${path}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data.entry).toBeNull();
    const c = await call(t, 'POST', `/api/admin/${path}`, { body });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const again = await call(t, 'POST', `/api/admin/${path}`, { body });
    expect(again.status).toBe(409);
    const u = await call(t, 'PUT', `/api/admin/${path}`, { body: { ...c.body.data.entry, address: '02 Trần Hưng Đạo, Đà Lạt' } });
    // site settings have no address: an unknown key is refused in Vietnamese, the others take it
    if (path === 'configs/logo') {
      expect(u.status).toBe(400);
      const ok = await call(t, 'PUT', `/api/admin/${path}`, { body: { slogan: 'Nâng giá trị nông sản' } });
      expect(ok.body.data.entry.id).toBe(c.body.data.entry.id);
    } else {
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      expect(u.body.data.entry.id).toBe(c.body.data.entry.id);
    }
    const pub = await call(t, 'GET', web, { token: '' });
    expect(pub.status).toBe(200);
    expect(pub.body.data.entry).not.toHaveProperty('created_by');
    if (path === 'footer') {
      expect(pub.body.data.entry.content).toBe('<p>Chân trang</p>');
      expect(pub.body.data.entry.address).toBe('02 Trần Hưng Đạo, Đà Lạt');
    }
    // cacheable: the same answer again is a 304 with no body
    const etag = pub.headers.etag as string;
    expect(pub.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const cached = await t.app.inject({ method: 'GET', url: web, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('asks for the permission of its subject', async () => {
    const reader = await makeUser(t, { perms: ['read:config_footer'] });
    expect((await call(t, 'GET', '/api/admin/footer', { token: reader.token })).status).toBe(200);
    expect((await call(t, 'PUT', '/api/admin/footer', { token: reader.token, body: { copyright: '©' } })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/contact', { token: reader.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/footer', { token: '' })).status).toBe(401);
  });
});

describe('season calendars', () => {
  it('checks the windows and the place, keeps a ward officer in their ward, and publishes only public calendars', async () => {
    const noPlace = await call(t, 'POST', '/api/admin/seasonal-calendars', { body: calendar({ ward_id: null }) });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.data.errors[0]).toMatchObject({ field: 'ward_id', message: 'Chọn phường/xã hoặc vùng áp dụng lịch' });
    const backwards = await call(t, 'POST', '/api/admin/seasonal-calendars', { body: calendar({ harvest_from: day('2026-04-01') }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.errors.map((e: { field: string }) => e.field)).toContain('harvest_from');

    const pub = await call(t, 'POST', '/api/admin/seasonal-calendars', { body: calendar() });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const hidden = await call(t, 'POST', '/api/admin/seasonal-calendars', {
      body: calendar({ name: 'Lúa Thu Đông (nháp)', season: 'thu_dong', visibility: 2 }),
    });
    expect(hidden.status).toBe(200);
    const other = await call(t, 'POST', '/api/admin/seasonal-calendars', { body: calendar({ name: 'Lúa phường khác', ward_id: wardB }) });

    const officer = await makeUser(t, {
      perms: ['list:seasonal-calendar', 'create:seasonal-calendar', 'update:seasonal-calendar', 'read:seasonal-calendar'],
      wardId: wardA,
    });
    const mine = await call(t, 'GET', '/api/admin/seasonal-calendars', { token: officer.token, query: { limit: '100' } });
    const ids = mine.body.data.entries.map((e: { id: number }) => e.id);
    expect(ids).toContain(pub.body.data.entry.id);
    expect(ids).not.toContain(other.body.data.entry.id);
    expect((await call(t, 'GET', `/api/admin/seasonal-calendars/${other.body.data.entry.id}`, { token: officer.token })).status).toBe(404);
    const elsewhere = await call(t, 'POST', '/api/admin/seasonal-calendars', { token: officer.token, body: calendar({ ward_id: wardB }) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.data.errors[0].field).toBe('ward_id');
    const own = await call(t, 'POST', '/api/admin/seasonal-calendars', { token: officer.token, body: calendar({ ward_id: null, name: 'Lịch của phường' }) });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.entry.ward_id).toBe(wardA);

    const web = await call(t, 'GET', '/api/web/seasonal-calendars', { token: '', query: { ward_id: String(wardA) } });
    expect(web.status).toBe(200);
    const names = web.body.data.entries.map((e: { name: string }) => e.name);
    expect(names).toContain('Lúa Hè Thu');
    expect(names).not.toContain('Lúa Thu Đông (nháp)');
    expect(web.body.data.entries[0].plant).toMatchObject({ id: plantId });
    expect(web.body.data.entries[0]).not.toHaveProperty('visibility');
    expect((await call(t, 'GET', '/api/web/seasonal-calendars', { token: '', query: { season: 'mua_he' } })).status).toBe(400);
  });
});

describe('public lists', () => {
  it('show only websites and shipping methods that are switched on', async () => {
    const w1 = await call(t, 'POST', '/api/admin/websites', { body: { name: 'Bộ Nông nghiệp và Môi trường', url: 'https://mae.gov.vn' } });
    const w2 = await call(t, 'POST', '/api/admin/websites', { body: { name: 'Trang ẩn', url: 'https://an.example.vn', status: 2 } });
    expect(w1.status, JSON.stringify(w1.body)).toBe(200);
    const s1 = await call(t, 'POST', '/api/admin/shipping-methods', { body: { name: 'Giao hàng tiêu chuẩn', fee: 30000 } });
    expect(s1.status, JSON.stringify(s1.body)).toBe(200);
    expect((await call(t, 'POST', '/api/admin/shipping-methods', { body: { name: 'Âm', fee: -1 } })).status).toBe(400);
    const ws = await call(t, 'GET', '/api/web/websites', { token: '' });
    expect(ws.body.data.entries.map((e: { id: number }) => e.id)).toContain(w1.body.data.entry.id);
    expect(ws.body.data.entries.map((e: { id: number }) => e.id)).not.toContain(w2.body.data.entry.id);
    const sm = await call(t, 'GET', '/api/web/shipping-methods', { token: '' });
    expect(sm.body.data.entries[0]).toMatchObject({ name: 'Giao hàng tiêu chuẩn', fee: 30000 });
  });
});
