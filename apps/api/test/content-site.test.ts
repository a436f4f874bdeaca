import { resourceByName } from '@nns/shared/registry';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectDocumented } from './documented';
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
    const cat = (await call(t, 'POST', '/api/admin/categories', { body: { name: 'Tin tức menu' } })).body.data.entry.id;
    const art = (await call(t, 'POST', '/api/admin/articles', { body: { title: 'Bài hay trong menu', content: '<p>Nội dung</p>' } })).body.data.entry.id;
    const items = [
      { key: 'a', title: 'Trang chủ', kind: 'url', url: '/' },
      { key: 'b', title: 'Tin tức', kind: 'category', ref_id: cat, children: [{ key: 'c', title: 'Bài hay', kind: 'article', ref_id: art }] },
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
    // the article is a draft: the public menu leaves its item out, the category's carries its slug
    const news = pub.body.data.entries.find((m: { position: string }) => m.position === 'header').items[0];
    expect(news).toMatchObject({ kind: 'category', ref_id: cat, slug: 'tin-tuc-menu' });
    expect(news.children.map((i: { key: string }) => i.key)).toEqual(['a']);
    expect(pub.body.data.entries[0]).not.toHaveProperty('created_by');
    for (const step of ['submit', 'approve', 'change-publish']) expect((await call(t, 'PUT', `/api/admin/articles/${step}/${art}`)).status).toBe(200);
    const published = await call(t, 'GET', '/api/web/menus', { token: '' });
    const withArticle = published.body.data.entries.find((m: { position: string }) => m.position === 'header').items[0];
    expect(withArticle.children.map((i: { key: string; slug?: string }) => [i.key, i.slug ?? null])).toEqual([
      ['c', 'bai-hay-trong-menu'],
      ['a', null],
    ]);
    await call(t, 'PUT', `/api/admin/menus/change-status/${id}`);
    const off = await call(t, 'GET', '/api/web/menus', { token: '' });
    expect(off.body.data.entries.some((m: { id: number }) => m.id === id)).toBe(false);
  });

  it('refuses links to an article or a category that does not exist, one message per item', async () => {
    const cat = (await call(t, 'POST', '/api/admin/categories', { body: { name: 'Chuyên mục sẽ xóa' } })).body.data.entry.id;
    const items = [
      { key: 'g', title: 'Giá cả', kind: 'category', ref_id: cat },
      {
        key: 'h',
        title: 'Mất tích',
        kind: 'category',
        ref_id: 2_000_000_000,
        children: [{ key: 'i', title: 'Bài đã xóa', kind: 'article', ref_id: 2_000_000_001 }],
      },
    ];
    const bad = await call(t, 'POST', '/api/admin/menus', { body: { name: 'Menu hỏng', position: 'footer', items } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([
      { field: 'items.1.ref_id', message: "Mục 'Mất tích': chuyên mục đã liên kết không còn tồn tại, hãy chọn lại" },
      { field: 'items.1.children.0.ref_id', message: "Mục 'Bài đã xóa': bài viết đã liên kết không còn tồn tại, hãy chọn lại" },
    ]);
    const ok = await call(t, 'POST', '/api/admin/menus', { body: { name: 'Menu chân trang', position: 'footer', items: [items[0]] } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // the category goes away: the menu's next save names the item; the public menu drops it meanwhile
    expect((await call(t, 'DELETE', `/api/admin/categories/${cat}`)).status).toBe(200);
    const again = await call(t, 'PUT', `/api/admin/menus/${ok.body.data.entry.id}`, { body: { items: [items[0]] } });
    expect(again.status).toBe(400);
    expect(again.body.data.errors[0]).toMatchObject({ field: 'items.0.ref_id', message: expect.stringContaining("Mục 'Giá cả'") });
    const pub = await call(t, 'GET', '/api/web/menus', { token: '' });
    expect(pub.body.data.entries.find((m: { position: string }) => m.position === 'footer').items).toEqual([]);
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
    expectDocumented(t, 'GET', '/api/admin/configs/main-banner-images', list.body);
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
    expectDocumented(t, 'GET', `/api/admin/${path}`, empty.body);
    expect(empty.body.data.entry).toBeNull();
    const c = await call(t, 'POST', `/api/admin/${path}`, { body });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expectDocumented(t, 'POST', `/api/admin/${path}`, c.body);
    expectDocumented(t, 'GET', `/api/admin/${path}`, (await call(t, 'GET', `/api/admin/${path}`)).body);
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

describe('season calendars of a region', () => {
  it('are read, never written, by the officers of the wards and provinces of the region', async () => {
    const ward = (await call(t, 'GET', `/api/admin/wards/${wardA}`)).body.data.entry;
    const otherProvince = await createSample(t, resourceByName.provinces);
    const region = await call(t, 'POST', '/api/admin/regions', { body: { code: 'VTN', name: 'Vùng thử Tây Nguyên', province_ids: [ward.province_id] } });
    expect(region.status, JSON.stringify(region.body)).toBe(200);
    const far = await call(t, 'POST', '/api/admin/regions', { body: { code: 'VXA', name: 'Vùng xa', province_ids: [otherProvince] } });
    const ours = await call(t, 'POST', '/api/admin/seasonal-calendars', {
      body: calendar({ name: 'Cà phê vùng', ward_id: null, region_id: region.body.data.entry.id }),
    });
    expect(ours.status, JSON.stringify(ours.body)).toBe(200);
    const theirs = await call(t, 'POST', '/api/admin/seasonal-calendars', {
      body: calendar({ name: 'Lúa vùng xa', ward_id: null, region_id: far.body.data.entry.id }),
    });
    const id = ours.body.data.entry.id;
    const perms = ['list:seasonal-calendar', 'read:seasonal-calendar', 'update:seasonal-calendar', 'delete:seasonal-calendar'];
    const wardOfficer = await makeUser(t, { perms, wardId: wardA });
    const provinceOfficer = await makeUser(t, { perms, provinceId: ward.province_id });
    const farOfficer = await makeUser(t, { perms, provinceId: otherProvince });
    for (const u of [wardOfficer, provinceOfficer]) {
      const list = await call(t, 'GET', '/api/admin/seasonal-calendars', { token: u.token, query: { limit: '100' } });
      const seen = list.body.data.entries.filter((e: { id: number }) => [id, theirs.body.data.entry.id].includes(e.id));
      expect(seen.map((e: { id: number; read_only: boolean }) => [e.id, e.read_only])).toEqual([[id, true]]);
      const one = await call(t, 'GET', `/api/admin/seasonal-calendars/${id}`, { token: u.token });
      expect(one.status).toBe(200);
      expect(one.body.data.entry.read_only).toBe(true);
      const edit = await call(t, 'PUT', `/api/admin/seasonal-calendars/${id}`, { token: u.token, body: { notes: 'Sửa lén' } });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toContain('chỉ được xem');
      expect((await call(t, 'DELETE', `/api/admin/seasonal-calendars/${id}`, { token: u.token })).status).toBe(403);
      expect((await call(t, 'PUT', `/api/admin/seasonal-calendars/change-visibility/${id}`, { token: u.token })).status).toBe(403);
      expect((await call(t, 'GET', `/api/admin/seasonal-calendars/${theirs.body.data.entry.id}`, { token: u.token })).status).toBe(404);
    }
    // an officer of a province outside the region sees their region's calendar only
    const far1 = await call(t, 'GET', '/api/admin/seasonal-calendars', { token: farOfficer.token, query: { limit: '100' } });
    const farIds = far1.body.data.entries.map((e: { id: number }) => e.id);
    expect(farIds).toContain(theirs.body.data.entry.id);
    expect(farIds).not.toContain(id);
    // the calendar is unchanged; the account that sees everything still writes it
    const after = await call(t, 'GET', `/api/admin/seasonal-calendars/${id}`);
    expect(after.body.data.entry).toMatchObject({ notes: null, visibility: 1, read_only: false });
    expect((await call(t, 'PUT', `/api/admin/seasonal-calendars/${id}`, { body: { notes: 'Bón phân đợt 2' } })).status).toBe(200);
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
