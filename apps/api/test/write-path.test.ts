import { resources } from '@nns/shared/registry';
import sectorsDef from '@nns/shared/resources/manufacturing-sectors';
import productsDef from '@nns/shared/resources/products';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateColumns } from '../src/core/import-cells';
import { call, makeApp, makeRole, makeUser, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';
import { createSample } from './samples';

/**
 * The one write path (core/write-path.ts) through each entry point: create, update, record action,
 * restore, import and the hand-written routes; foreign keys and their refusals; explicit scope.
 */
let t: TestApp;
let seq = 0;
/** short and unique within the run (codes of administrative units are at most 10 characters) */
const uid = () => String(10000 + seq++);
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const ok = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry ?? r.body.data;
};
const post = (url: string, body: Record<string, unknown>, token?: string) => call(t, 'POST', url, { body, token });

async function province(name = `Tỉnh ${uid()}`) {
  return ok(await post('/api/admin/provinces', { code: `T${uid()}`, name })).id as number;
}
async function ward(provinceId: number, name = `Phường ${uid()}`) {
  return ok(await post('/api/admin/wards', { code: `W${uid()}`, name, province_id: provinceId })).id as number;
}
async function manufacture(wardId: number | null, name = `Cơ sở ${uid()}`, token?: string) {
  return ok(await post('/api/admin/manufactures', { code: `CS-${uid()}`, name, ward_id: wardId }, token)).id as number;
}

/** What an XSS corpus must never leave in stored rich text. */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">bấm</a>',
  '<a href="  JaVaScRiPt:alert(1)">bấm</a>',
  '<iframe src="https://ke-xau.example/"></iframe>',
  '<svg onload=alert(1)><circle/></svg>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">đoạn</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<div><style>body{display:none}</style></div>',
  '<object data="ke-xau.swf"></object><embed src="ke-xau.swf">',
  '<form action="javascript:alert(1)"><input autofocus onfocus=alert(1)></form>',
  '<body onload=alert(1)>',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '"><script>alert(String.fromCharCode(88,83,83))</script>',
];
const DANGER = /<script|<iframe|<svg|<object|<embed|<style|<form|<input|<meta|<base|<math|\son\w+=|javascript:|data:text/i;

describe('rich text is cleaned by its field kind, whatever the entry point', () => {
  it('create, update and import store no script of an XSS corpus, and keep the formatting', async () => {
    const mid = await manufacture(null);
    const html = `<p><strong>Gạo</strong> thơm <em>ST25</em></p>${XSS.join('')}`;
    const created = ok(await post('/api/admin/products', { code: `SP-${uid()}`, name: 'Gạo ST25', manufacture_id: mid, description: html }));
    expect(created.description).toContain('<strong>Gạo</strong>');
    expect(created.description).not.toMatch(DANGER);
    const updated = ok(await call(t, 'PUT', `/api/admin/products/${created.id}`, { body: { description: `<h2>Mới</h2>${XSS.join('')}` } }));
    expect(updated.description).toContain('<h2>Mới</h2>');
    expect(updated.description).not.toMatch(DANGER);

    const cols = templateColumns(productsDef);
    const row = (code: string) =>
      cols.map((c) => (c.key === 'code' ? code : c.key === 'name' ? 'Nhập từ Excel' : c.key === 'description' ? XSS.join('') : null));
    const code = `SP-${uid()}`;
    const imp = await postImport(
      t,
      '/api/admin/products/import',
      await workbook(
        cols.map((c) => c.header),
        [row(code)],
      ),
      { dryRun: false },
    );
    expect(imp.status, JSON.stringify(imp.body)).toBe(200);
    expect(imp.body.data.created, JSON.stringify(imp.body.data.errors)).toBe(1);
    const [stored] = await t.database.query<{ description: string | null }>(sql`select description from products where code = ${code}`);
    expect(stored.description ?? '').not.toMatch(DANGER);
    // every stored rich text in the database is clean
    const all = await t.database.query<{ description: string }>(sql`select description from products where description is not null`);
    for (const r of all) expect(r.description).not.toMatch(DANGER);
  });
});

describe('integrity: foreign keys and their refusals', () => {
  it('a record in use is not deleted: 409 naming what uses it and how many; a soft delete counts live rows only', async () => {
    const group = ok(await post('/api/admin/product-groups', { code: `N${uid()}`, name: `Nhóm ${uid()}` })).id;
    const mid = await manufacture(null);
    const p1 = ok(await post('/api/admin/products', { code: `SP-${uid()}`, name: 'Một', manufacture_id: mid, product_group_id: group })).id;
    const p2 = ok(await post('/api/admin/products', { code: `SP-${uid()}`, name: 'Hai', manufacture_id: mid, product_group_id: group })).id;
    const r = await call(t, 'DELETE', `/api/admin/product-groups/${group}`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không thể xóa: 2 sản phẩm đang dùng nhóm sản phẩm này');
    ok(await call(t, 'DELETE', `/api/admin/products/${p1}`));
    expect((await call(t, 'DELETE', `/api/admin/product-groups/${group}`)).body.message).toBe('Không thể xóa: 1 sản phẩm đang dùng nhóm sản phẩm này');
    ok(await call(t, 'DELETE', `/api/admin/products/${p2}`));
    expect((await call(t, 'DELETE', `/api/admin/product-groups/${group}`)).status).toBe(200);
  });

  it('a hard delete counts trashed rows too, and the database itself refuses an orphan', async () => {
    const p = await province();
    const w = await ward(p);
    const m = await manufacture(w);
    ok(await call(t, 'DELETE', `/api/admin/manufactures/${m}`)); // soft: the row still points at the ward
    const r = await call(t, 'DELETE', `/api/admin/wards/${w}`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Không thể xóa: 1 cơ sở sản xuất đang dùng phường/xã này');
    // below the API: the foreign key holds
    await expect(t.database.query(sql`delete from wards where id = ${w}`)).rejects.toThrow();
    await expect(t.database.query(sql`update manufactures set ward_id = 2147483000 where id = ${m}`)).rejects.toThrow();
    const fks = await t.database.query<{ n: number }>(sql`select count(*)::int as n from pg_constraint where contype = 'f'`);
    expect(fks[0].n).toBeGreaterThan(60);
  });

  it('a link already held stays valid when its target is soft-deleted; choosing that target anew is refused', async () => {
    const group = ok(await post('/api/admin/product-groups', { code: `N${uid()}`, name: `Nhóm cũ ${uid()}` })).id;
    const mid = await manufacture(null);
    const p = ok(await post('/api/admin/products', { code: `SP-${uid()}`, name: 'Giữ nhóm', manufacture_id: mid, product_group_id: group }));
    ok(await call(t, 'DELETE', `/api/admin/products/${p.id}`));
    ok(await call(t, 'DELETE', `/api/admin/product-groups/${group}`)); // no live product uses it now
    // restore goes through the write path (scope, hooks, uniqueness) and keeps the held link
    const restored = ok(await call(t, 'PUT', `/api/admin/products/restore/${p.id}`));
    expect(restored.product_group_id).toBe(group);
    const got = ok(await call(t, 'GET', `/api/admin/products/${p.id}`));
    ok(await call(t, 'PUT', `/api/admin/products/${p.id}`, { body: { ...got, name: 'Giữ nhóm (sửa)' } }));
    const fresh = await post('/api/admin/products', { code: `SP-${uid()}`, name: 'Chọn lại', manufacture_id: mid, product_group_id: group });
    expect(fresh.status).toBe(400);
    expect(fresh.body.data.errors).toContainEqual({ field: 'product_group_id', message: 'Nhóm sản phẩm không tồn tại' });
  });

  it('a restore that would duplicate a live unique value is refused (409), through the same path', async () => {
    const name = `Đơn vị ${uid()}`;
    const a = ok(await post('/api/admin/product-units', { name })).id;
    ok(await call(t, 'DELETE', `/api/admin/product-units/${a}`));
    ok(await post('/api/admin/product-units', { name }));
    const r = await call(t, 'PUT', `/api/admin/product-units/restore/${a}`);
    expect(r.status).toBe(409);
  });
});

describe('import goes through the same path', () => {
  it('changing an existing row needs update permission; a create-only account adds new rows only', async () => {
    const code = `NG${uid()}`;
    ok(await post('/api/admin/manufacturing-sectors', { code, name: `Ngành ${code}`, description: 'gốc' }));
    const creator = await makeUser(t, { perms: ['create:manufacturing_sectors', 'list:manufacturing_sectors'] });
    const cols = templateColumns(sectorsDef);
    const rowOf = (c: string, note: string) => cols.map((x) => (x.key === 'code' ? c : x.key === 'name' ? `Ngành ${c} ${note}` : null));
    const fresh = `NG${uid()}`;
    const r = await postImport(
      t,
      '/api/admin/manufacturing-sectors/import',
      await workbook(
        cols.map((c) => c.header),
        [rowOf(code, 'đổi'), rowOf(fresh, 'mới')],
      ),
      {
        token: creator.token,
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.errors, JSON.stringify(r.body.data)).toHaveLength(1);
    expect(r.body.data.errors[0].message).toContain('không có quyền cập nhật');
    // with update too, the same file passes
    const editor = await makeUser(t, { perms: ['create:manufacturing_sectors', 'update:manufacturing_sectors', 'list:manufacturing_sectors'] });
    const again = await postImport(
      t,
      '/api/admin/manufacturing-sectors/import',
      await workbook(
        cols.map((c) => c.header),
        [rowOf(code, 'đổi'), rowOf(fresh, 'mới')],
      ),
      {
        token: editor.token,
        dryRun: false,
      },
    );
    expect(again.body.data, JSON.stringify(again.body.data.errors)).toMatchObject({ created: 1, updated: 1 });
  });

  it('reference look-ups stay inside the importer’s scope and never name another ward’s records', async () => {
    const p = await province();
    const mine = await ward(p);
    const other = await ward(p);
    const theirs = `Cơ sở láng giềng ${uid()}`;
    await manufacture(other, theirs);
    const officer = await makeUser(t, { perms: ['create:products', 'update:products', 'list:products', 'list:manufactures'], wardId: mine });
    const cols = templateColumns(productsDef);
    const row = cols.map((c) => (c.key === 'code' ? `SP-${uid()}` : c.key === 'name' ? 'Sản phẩm lạ' : c.key === 'manufacture_id' ? theirs : null));
    const r = await postImport(
      t,
      '/api/admin/products/import',
      await workbook(
        cols.map((c) => c.header),
        [row],
      ),
      { token: officer.token },
    );
    const err = r.body.data.errors.find((e: { field: string }) => e.field === 'manufacture_id');
    expect(err?.message).toBe(`Cơ sở sản xuất '${theirs}' không tồn tại`);
  });
});

describe('PUT accepts an entry as GET returned it', () => {
  const editable = resources.filter((d) => !d.config.custom?.update && !d.config.custom?.read);
  it.each(editable.map((d) => [d.name, d] as const))('%s: GET → PUT back answers 200; an unknown key is still refused', async (_n, def) => {
    const id = await createSample(t, def);
    const got = ok(await call(t, 'GET', `/api/admin/${def.name}/${id}`));
    const back = await call(t, 'PUT', `/api/admin/${def.name}/${id}`, { body: got });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const bad = await call(t, 'PUT', `/api/admin/${def.name}/${id}`, { body: { ...got, khong_ton_tai: 1 } });
    expect(bad.status).toBe(400);
  });

  it('roles (hand-written): the role with its permissions, as GET answered it', async () => {
    const id = await makeRole(t, ['list:products', 'read:products'], `Vai trò ${uid()}`);
    const got = ok(await call(t, 'GET', `/api/admin/roles/${id}`));
    const back = ok(await call(t, 'PUT', `/api/admin/roles/${id}`, { body: got }));
    expect(back.permissions).toEqual(got.permissions);
  });
});

describe('explicit scope: all, one province, one ward', () => {
  it('a province officer sees the wards of their province, a ward officer one ward, an account of scope all everything', async () => {
    const p1 = await province('Tỉnh Một');
    const p2 = await province('Tỉnh Hai');
    const w1a = await ward(p1);
    const w1b = await ward(p1);
    const w2 = await ward(p2);
    const tag = uid();
    const ids = [await manufacture(w1a, `CS ${tag} 1a`), await manufacture(w1b, `CS ${tag} 1b`), await manufacture(w2, `CS ${tag} 2`)];
    const perms = [
      'list:manufactures',
      'read:manufactures',
      'create:manufactures',
      'update:manufactures',
      'list:users',
      'create:users',
      'update:users',
      'read:users',
    ];
    const role = await makeRole(t, perms);
    const prov = await makeUser(t, { roleId: role, provinceId: p1 });
    const wardOfficer = await makeUser(t, { roleId: role, wardId: w1a });
    const all = await makeUser(t, { roleId: role });
    const seen = async (token: string) =>
      (await call(t, 'GET', '/api/admin/manufactures', { token, query: { search: `CS ${tag}`, limit: '50' } })).body.data.entries
        .map((e: { id: number }) => e.id)
        .sort();
    expect(await seen(prov.token)).toEqual([ids[0], ids[1]].sort());
    expect(await seen(wardOfficer.token)).toEqual([ids[0]]);
    expect(await seen(all.token)).toEqual([...ids].sort());
    expect((await call(t, 'GET', `/api/admin/manufactures/${ids[2]}`, { token: prov.token })).status).toBe(404);
    // writes stay inside: a province officer names a ward of their province
    const out = await post('/api/admin/manufactures', { code: `CS-${uid()}`, name: 'Ngoài tỉnh', ward_id: w2 }, prov.token);
    expect(out.status).toBe(400);
    expect(out.body.data.errors[0].field).toBe('ward_id');
    ok(await post('/api/admin/manufactures', { code: `CS-${uid()}`, name: 'Trong tỉnh', ward_id: w1b }, prov.token));
  });

  it('creating an account requires its scope; nobody grants a scope wider than their own; nobody changes their own', async () => {
    const p1 = await province();
    const p2 = await province();
    const w1 = await ward(p1);
    const role = await makeRole(t, ['list:users', 'create:users', 'update:users', 'read:users']);
    const prov = await makeUser(t, { roleId: role, provinceId: p1 });
    const wardOfficer = await makeUser(t, { roleId: role, wardId: w1 });
    const account = (o: Record<string, unknown>) => ({ username: `tk_${uid()}`, password: 'MatKhau@123', full_name: 'Tài Khoản', role_id: role, ...o });
    const none = await post('/api/admin/users', account({}));
    expect(none.status).toBe(400);
    expect(none.body.data.errors.map((e: { field: string }) => e.field)).toContain('scope');
    const noProvince = await post('/api/admin/users', account({ scope: 'province' }));
    expect(noProvince.body.data.errors).toContainEqual({ field: 'province_id', message: 'Chọn tỉnh/thành phố cho tài khoản có phạm vi một tỉnh/thành phố' });
    // the admin (scope all) grants all; a province officer does not
    const byAdmin = ok(await post('/api/admin/users', account({ scope: 'all', province_id: p1, ward_id: w1 })));
    expect(byAdmin).toMatchObject({ scope: 'all', province_id: null, ward_id: null });
    const wider = await post('/api/admin/users', account({ scope: 'all' }), prov.token);
    expect(wider.status).toBe(400);
    expect(wider.body.data.errors[0]).toEqual({ field: 'scope', message: 'Chỉ người có phạm vi toàn hệ thống mới cấp được phạm vi toàn hệ thống' });
    expect((await post('/api/admin/users', account({ scope: 'province', province_id: p2 }), prov.token)).status).toBe(400);
    const inProvince = ok(await post('/api/admin/users', account({ scope: 'ward', ward_id: w1 }), prov.token));
    expect(inProvince).toMatchObject({ scope: 'ward', ward_id: w1, province_id: p1 });
    ok(await post('/api/admin/users', account({ scope: 'province', province_id: p1 }), prov.token));
    expect((await post('/api/admin/users', account({ scope: 'province', province_id: p1 }), wardOfficer.token)).status).toBe(400);
    // the province officer sees the accounts of their province only
    const listed = (await call(t, 'GET', '/api/admin/users', { token: prov.token, query: { limit: '100' } })).body.data.entries.map(
      (e: { id: number }) => e.id,
    );
    expect(listed).toContain(inProvince.id);
    expect(listed).not.toContain(byAdmin.id);
    // one's own scope is set by someone else
    const self = await call(t, 'PUT', `/api/admin/users/${prov.id}`, { token: prov.token, body: { scope: 'ward', ward_id: w1 } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Bạn không thể tự thay đổi phạm vi dữ liệu của mình');
  });
});

describe('smaller contract fixes', () => {
  it('users/change-status toggles with no body or {}, sets with {status}', async () => {
    const u = await makeUser(t, { perms: [] });
    expect(ok(await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: {} })).status).toBe('locked');
    expect(ok(await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`)).status).toBe('active');
    expect(ok(await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: { status: 'active' } })).status).toBe('active');
    expect((await call(t, 'PUT', `/api/admin/users/change-status/${u.id}`, { body: { status: 'x' } })).status).toBe(400);
  });

  it('GET /api/admin/permissions pages like every list', async () => {
    const r = await call(t, 'GET', '/api/admin/permissions', { query: { page: '2', limit: '5' } });
    expect(r.status).toBe(200);
    expect(r.body.data.entries).toHaveLength(5);
    expect(r.body.data.pagination).toMatchObject({ page: 2, limit: 5 });
    expect(r.body.data.entries[0].label).toMatch(/ – /);
    expect((await call(t, 'GET', '/api/admin/permissions', { query: { limit: '1000' } })).status).toBe(400);
  });

  it('/count answers whether it is exact', async () => {
    const r = await call(t, 'GET', '/api/admin/products/count');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ count: expect.any(Number), count_is_estimate: false });
  });
});
