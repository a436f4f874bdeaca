import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, callJob, makeApp, makeRole, makeUser, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';

/**
 * Writes of a ward-bound officer stay in their ward: no record, colleague or own account can be
 * moved to another ward or to none (which would make an account unscoped), through create, update,
 * import or a record action; references to ward-bound records must lie in the ward too.
 */
let t: TestApp;
let wardA: number;
let wardB: number;
let plainRole: number;
const WARD_MSG = 'Bạn chỉ được thao tác trên dữ liệu thuộc phường/xã của mình';

beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Bến Thành');
  wardB = await makeWard(t, 'Phường An Khánh');
  plainRole = await makeRole(t, ['list:product_units'], 'Vai trò xem đơn vị tính');
});
afterAll(async () => t?.close());

const USERS_PERMS = ['list:users', 'read:users', 'create:users', 'update:users', 'list:product_units'];
const PRODUCER_PERMS = ['list', 'read', 'create', 'update'].flatMap((a) => [`${a}:manufactures`, `${a}:material_areas`, `${a}:products`]);

const wardOf = async (table: 'users' | 'manufactures' | 'material_areas', id: number) =>
  (await t.database.query<{ ward_id: number | null }>(sql`select ward_id from ${sql.identifier(table)} where id = ${id}`))[0].ward_id;

/** The refusal of a write outside the ward: 400, with the field named for forms and imports. */
function expectWardRefusal(r: { status: number; body: { message: string; data: any } }) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.message).toBe(WARD_MSG);
  expect(r.body.data.errors).toEqual([{ field: 'ward_id', message: WARD_MSG }]);
}

describe('a ward officer cannot leave the ward scope through users update', () => {
  it('refuses their own ward_id null, a colleague’s ward_id null or another ward; the session stays scoped', async () => {
    const officer = await makeUser(t, { perms: USERS_PERMS, wardId: wardA, username: 'canbo.benthanh' });
    const colleague = await makeUser(t, { roleId: plainRole, wardId: wardA, username: 'dongnghiep.benthanh' });
    const other = await makeUser(t, { roleId: plainRole, wardId: wardB, username: 'dan.ankhanh' });

    expectWardRefusal(await call(t, 'PUT', `/api/admin/users/${officer.id}`, { token: officer.token, body: { ward_id: null } }));
    expectWardRefusal(await call(t, 'PUT', `/api/admin/users/${officer.id}`, { token: officer.token, body: { ward_id: wardB } }));
    expectWardRefusal(await call(t, 'PUT', `/api/admin/users/${colleague.id}`, { token: officer.token, body: { ward_id: null } }));
    expectWardRefusal(await call(t, 'PUT', `/api/admin/users/${colleague.id}`, { token: officer.token, body: { full_name: 'Đổi tên', ward_id: wardB } }));
    expect(await wardOf('users', officer.id)).toBe(wardA);
    expect(await wardOf('users', colleague.id)).toBe(wardA);
    const [name] = await t.database.query<{ full_name: string }>(sql`select full_name from users where id = ${colleague.id}`);
    expect(name.full_name).toBe('Người dùng thử');

    // the next request is still scoped: another ward's user stays out of sight
    expect((await call(t, 'GET', `/api/admin/users/${other.id}`, { token: officer.token })).status).toBe(404);
    const list = await call(t, 'GET', '/api/admin/users', { token: officer.token, query: { limit: '100' } });
    expect(list.body.data.entries.map((e: { username: string }) => e.username)).not.toContain('dan.ankhanh');

    // an edit that keeps the ward (the form sends it back as it is) still works
    const ok = await call(t, 'PUT', `/api/admin/users/${colleague.id}`, { token: officer.token, body: { full_name: 'Lê Thị Hồng', ward_id: wardA } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('creates a user in the officer’s ward when none is given (or the picker is empty), never without one or in another', async () => {
    const officer = await makeUser(t, { perms: USERS_PERMS, wardId: wardA });
    const body = { password: 'MatKhau@123', full_name: 'Người mới', role_id: plainRole, scope: 'ward' };
    const missing = await call(t, 'POST', '/api/admin/users', { token: officer.token, body: { ...body, username: 'moi.khongphuong' } });
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect(missing.body.data.entry.ward_id).toBe(wardA);
    const empty = await call(t, 'POST', '/api/admin/users', { token: officer.token, body: { ...body, username: 'moi.rong', ward_id: null } });
    expect(empty.body.data.entry.ward_id).toBe(wardA);
    expectWardRefusal(await call(t, 'POST', '/api/admin/users', { token: officer.token, body: { ...body, username: 'moi.khac', ward_id: wardB } }));
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from users where username = 'moi.khac'`);
    expect(n).toBe(0);
  });

  it('nobody changes their own scope or ward, not even an officer of scope all or admin; others still can be moved by them', async () => {
    const district = await makeUser(t, { perms: USERS_PERMS });
    const own = await call(t, 'PUT', `/api/admin/users/${district.id}`, { token: district.token, body: { scope: 'ward', ward_id: wardA } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('Bạn không thể tự thay đổi phạm vi dữ liệu của mình');
    expect(await wardOf('users', district.id)).toBeNull();
    const [admin] = await t.database.query<{ id: number }>(sql`select id from users where username = 'admin'`);
    expect((await call(t, 'PUT', `/api/admin/users/${admin.id}`, { body: { scope: 'ward', ward_id: wardA } })).status).toBe(409);
    // the same value is no change (an account of scope all holds no ward: one sent is set aside)
    expect(
      (await call(t, 'PUT', `/api/admin/users/${district.id}`, { token: district.token, body: { ward_id: null, full_name: 'Cán bộ huyện' } })).status,
    ).toBe(200);
    // accounts of scope all (admin, officers of scope all) still move others, to a ward or to scope all
    const someone = await makeUser(t, { roleId: plainRole, wardId: wardA });
    expect((await call(t, 'PUT', `/api/admin/users/${someone.id}`, { token: district.token, body: { scope: 'all' } })).status).toBe(200);
    expect(await wardOf('users', someone.id)).toBeNull();
    expect((await call(t, 'PUT', `/api/admin/users/${someone.id}`, { body: { scope: 'ward', ward_id: wardB } })).status).toBe(200);
    expect(await wardOf('users', someone.id)).toBe(wardB);
  });
});

describe('every ward-bound resource: manufactures, material areas, administrative accounts', () => {
  it('refuses moving a manufacture to another ward or to none; creating one without a ward lands in the officer’s', async () => {
    const officer = await makeUser(t, { perms: PRODUCER_PERMS, wardId: wardA });
    const c = await call(t, 'POST', '/api/admin/manufactures', { token: officer.token, body: { code: 'CSSX-BT-01', name: 'Hợp tác xã Rau sạch Bến Thành' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data.entry.ward_id).toBe(wardA);
    const id = c.body.data.entry.id;
    expectWardRefusal(await call(t, 'PUT', `/api/admin/manufactures/${id}`, { token: officer.token, body: { ward_id: wardB } }));
    expectWardRefusal(await call(t, 'PUT', `/api/admin/manufactures/${id}`, { token: officer.token, body: { ward_id: null } }));
    expect(await wardOf('manufactures', id)).toBe(wardA);
    // a record action leaves the ward as it is
    const act = await call(t, 'PUT', `/api/admin/manufactures/change-status/${id}`, { token: officer.token });
    expect(act.status, JSON.stringify(act.body)).toBe(200);
    expect(await wardOf('manufactures', id)).toBe(wardA);

    const area = await call(t, 'POST', '/api/admin/material-areas', {
      token: officer.token,
      body: { code: 'VNL-BT-01', name: 'Vườn rau Bến Thành', acreage: 1.2, ward_id: null },
    });
    expect(area.body.data.entry.ward_id).toBe(wardA);
    expectWardRefusal(await call(t, 'PUT', `/api/admin/material-areas/${area.body.data.entry.id}`, { token: officer.token, body: { ward_id: null } }));

    const adminOfficer = await makeUser(t, { perms: ['list:administrative', 'create:administrative', 'update:administrative'], wardId: wardA });
    const acc = await call(t, 'POST', '/api/admin/administrative', {
      token: adminOfficer.token,
      body: { username: 'hanhchinh.bt', password: 'MatKhau@123', full_name: 'Đặng Văn Bình' },
    });
    expect(acc.body.data.entry.ward_id).toBe(wardA);
    expectWardRefusal(await call(t, 'PUT', `/api/admin/administrative/${acc.body.data.entry.id}`, { token: adminOfficer.token, body: { ward_id: null } }));
  });

  it('an import by an officer: a row of another ward is refused, an empty ward on a new row lands in theirs, on an existing row is refused', async () => {
    const officer = await makeUser(t, { perms: PRODUCER_PERMS, wardId: wardA });
    await call(t, 'POST', '/api/admin/manufactures', { token: officer.token, body: { code: 'CSSX-BT-IMP', name: 'Cơ sở Bến Thành cũ' } });
    const headers = ['Mã cơ sở', 'Tên cơ sở sản xuất', 'Phường/xã'];
    const bad = await workbook(headers, [
      ['CSSX-IMP-KHAC', 'Cơ sở phường khác', 'Phường An Khánh'],
      ['CSSX-BT-IMP', 'Cơ sở Bến Thành cũ', ''],
    ]);
    const dry = await postImport(t, '/api/admin/manufactures/import', bad, { token: officer.token });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.errors).toEqual([
      { row: 2, field: 'ward_id', column: 'Phường/xã', message: WARD_MSG },
      { row: 3, field: 'ward_id', column: 'Phường/xã', message: WARD_MSG },
    ]);
    const real = await postImport(t, '/api/admin/manufactures/import', bad, { token: officer.token, dryRun: false });
    expect(real.status).toBe(400);
    const [{ n }] = await t.database.query<{ n: number }>(sql`select count(*)::int as n from manufactures where code = 'CSSX-IMP-KHAC'`);
    expect(n).toBe(0);
    const [old] = await t.database.query<{ ward_id: number }>(sql`select ward_id from manufactures where code = 'CSSX-BT-IMP'`);
    expect(old.ward_id).toBe(wardA);

    const good = await workbook(headers, [['CSSX-IMP-MOI', 'Cơ sở mới không ghi phường', '']]);
    const done = await postImport(t, '/api/admin/manufactures/import', good, { token: officer.token, dryRun: false });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [made] = await t.database.query<{ ward_id: number }>(sql`select ward_id from manufactures where code = 'CSSX-IMP-MOI'`);
    expect(made.ward_id).toBe(wardA);
  });
});

describe('references to ward-bound records respect the ward scope', () => {
  it('a ward-A officer cannot link a material area or a product to a ward-B manufacture; an existing link stays editable', async () => {
    const otherWard = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-AK-01', name: 'Cơ sở An Khánh', ward_id: wardB } });
    const theirs = otherWard.body.data.entry.id;
    const officer = await makeUser(t, { perms: PRODUCER_PERMS, wardId: wardA });
    const mineM = await call(t, 'POST', '/api/admin/manufactures', { token: officer.token, body: { code: 'CSSX-BT-REF', name: 'Cơ sở Bến Thành' } });
    const mine = mineM.body.data.entry.id;

    const area = await call(t, 'POST', '/api/admin/material-areas', {
      token: officer.token,
      body: { code: 'VNL-BT-REF', name: 'Vùng rau', acreage: 2, manufacture_id: theirs },
    });
    expect(area.status).toBe(400);
    expect(area.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Cơ sở sản xuất không tồn tại' }]);
    const product = await call(t, 'POST', '/api/admin/products', {
      token: officer.token,
      body: { code: 'SP-BT-REF', name: 'Rau muống', manufacture_id: theirs },
    });
    expect(product.status).toBe(400);
    expect(product.body.data.errors[0]).toEqual({ field: 'manufacture_id', message: 'Cơ sở sản xuất không tồn tại' });

    const okArea = await call(t, 'POST', '/api/admin/material-areas', {
      token: officer.token,
      body: { code: 'VNL-BT-REF', name: 'Vùng rau', acreage: 2, manufacture_id: mine },
    });
    expect(okArea.status, JSON.stringify(okArea.body)).toBe(200);
    const areaId = okArea.body.data.entry.id;
    const relink = await call(t, 'PUT', `/api/admin/material-areas/${areaId}`, { token: officer.token, body: { manufacture_id: theirs } });
    expect(relink.status).toBe(400);
    expect(relink.body.data.errors[0].field).toBe('manufacture_id');

    // an unscoped user may link across wards; the officer's later edit keeps that link as it is
    expect((await call(t, 'PUT', `/api/admin/material-areas/${areaId}`, { body: { manufacture_id: theirs } })).status).toBe(200);
    const edit = await call(t, 'PUT', `/api/admin/material-areas/${areaId}`, {
      token: officer.token,
      body: { name: 'Vùng rau (sửa)', manufacture_id: theirs },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.entry.manufacture).toEqual({ id: theirs, name: 'Cơ sở An Khánh' });
  });
});

describe('products and labors are ward-bound through their manufacture (wardVia)', () => {
  it('another ward’s products and labors are out of sight and reach: lists, count, export, read, update, delete, actions, reset', async () => {
    const perms = [
      ...PRODUCER_PERMS,
      'delete:products',
      'export:products',
      'approve:products',
      ...['list', 'read', 'create', 'update', 'delete'].map((a) => `${a}:labors`),
    ];
    const officer = await makeUser(t, { perms, wardId: wardA });
    const mine = (await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-BT-VIA', name: 'Cơ sở Bến Thành', ward_id: wardA } })).body.data.entry
      .id;
    const theirs = (await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-AK-VIA', name: 'Cơ sở An Khánh', ward_id: wardB } })).body.data.entry
      .id;
    const pMine = (await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-VIA-BT', name: 'Rau muống Bến Thành', manufacture_id: mine } })).body.data
      .entry.id;
    const pTheirs = (await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-VIA-AK', name: 'Rau muống An Khánh', manufacture_id: theirs } })).body
      .data.entry.id;
    const pNone = (await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-VIA-KHONG', name: 'Rau muống không cơ sở' } })).body.data.entry.id;
    const lTheirs = (await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-VIA-AK', full_name: 'Trần Văn Khánh', manufacture_id: theirs } })).body.data
      .entry.id;
    const lMine = (await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-VIA-BT', full_name: 'Lê Thị Thành', manufacture_id: mine } })).body.data.entry
      .id;

    const as = { token: officer.token };
    const list = await call(t, 'GET', '/api/admin/products', { ...as, query: { search: 'SP-VIA', limit: '100' } });
    expect(list.body.data.entries.map((e: { id: number }) => e.id)).toEqual([pMine]);
    expect((await call(t, 'GET', '/api/admin/products/count', as)).body.data.count).toBe(
      (
        await t.database.query<{ n: number }>(
          sql`select count(*)::int as n from products p join manufactures m on m.id = p.manufacture_id where m.ward_id = ${wardA}`,
        )
      )[0].n,
    );
    const labors = await call(t, 'GET', '/api/admin/labors', { ...as, query: { search: 'LD-VIA', limit: '100' } });
    expect(labors.body.data.entries.map((e: { id: number }) => e.id)).toEqual([lMine]);

    for (const id of [pTheirs, pNone]) {
      expect((await call(t, 'GET', `/api/admin/products/${id}`, as)).status).toBe(404);
      expect((await call(t, 'PUT', `/api/admin/products/${id}`, { ...as, body: { name: 'Đổi tên' } })).status).toBe(404);
      expect((await call(t, 'PUT', `/api/admin/products/change-status/${id}`, as)).status).toBe(404);
      expect((await call(t, 'DELETE', `/api/admin/products/${id}`, as)).status).toBe(404);
    }
    expect((await call(t, 'GET', `/api/admin/labors/${lTheirs}`, as)).status).toBe(404);
    expect((await call(t, 'PUT', `/api/admin/labors/reset-password/${lTheirs}`, as)).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/admin/labors/${lTheirs}`, as)).status).toBe(404);
    const [still] = await t.database.query<{ name: string; deleted_at: string | null }>(sql`select name, deleted_at from products where id = ${pTheirs}`);
    expect(still).toEqual({ name: 'Rau muống An Khánh', deleted_at: null });
    expect((await call(t, 'PUT', `/api/admin/labors/reset-password/${lMine}`, as)).status).toBe(200);

    // the export follows the same scope
    const exp = await callJob(t, 'GET', '/api/admin/products/export', { ...as, query: { search: 'SP-VIA' } });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await t.app.inject({ method: 'GET', url: exp.body.data.url })).rawPayload as unknown as ArrayBuffer);
    const codes = wb.worksheets[0].getColumn(2).values.slice(2);
    expect(codes).toEqual(['SP-VIA-BT']);
  });

  it('an officer’s product or labor names a manufacture of their ward: none, or another ward’s, is refused on that field', async () => {
    const officer = await makeUser(t, { perms: [...PRODUCER_PERMS, 'create:labors', 'update:labors'], wardId: wardA });
    const mine = (await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-BT-VIA2', name: 'Cơ sở Bến Thành 2', ward_id: wardA } })).body.data
      .entry.id;
    const theirs = (await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-AK-VIA2', name: 'Cơ sở An Khánh 2', ward_id: wardB } })).body.data
      .entry.id;
    const as = { token: officer.token };
    const none = await call(t, 'POST', '/api/admin/products', { ...as, body: { code: 'SP-VIA2-0', name: 'Cà phê' } });
    expect(none.status).toBe(400);
    expect(none.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Chọn cơ sở sản xuất thuộc phường/xã của bạn' }]);
    const other = await call(t, 'POST', '/api/admin/labors', { ...as, body: { code: 'LD-VIA2-0', full_name: 'Nguyễn Văn A', manufacture_id: theirs } });
    expect(other.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Cơ sở sản xuất không tồn tại' }]);

    const ok = await call(t, 'POST', '/api/admin/products', { ...as, body: { code: 'SP-VIA2-1', name: 'Cà phê', manufacture_id: mine } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = ok.body.data.entry.id;
    const cleared = await call(t, 'PUT', `/api/admin/products/${id}`, { ...as, body: { manufacture_id: null } });
    expect(cleared.body.data.errors).toEqual([{ field: 'manufacture_id', message: 'Chọn cơ sở sản xuất thuộc phường/xã của bạn' }]);
    const moved = await call(t, 'PUT', `/api/admin/products/${id}`, { ...as, body: { manufacture_id: theirs } });
    expect(moved.status).toBe(400);
    const [row] = await t.database.query<{ manufacture_id: number }>(sql`select manufacture_id from products where id = ${id}`);
    expect(row.manufacture_id).toBe(mine);
    // unscoped users keep products without a manufacture
    expect((await call(t, 'PUT', `/api/admin/products/${id}`, { body: { manufacture_id: null } })).status).toBe(200);
  });
});
