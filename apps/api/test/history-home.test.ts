import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWard } from './accounts-helpers';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/** Issue 18.5: the system log in Vietnamese sentences, refused sign-ins in it, the home 'Chờ duyệt' queue. */
let t: TestApp;
let wardA: number;
let wardB: number;
beforeAll(async () => {
  t = await makeApp();
  wardA = await makeWard(t, 'Phường Xuân Hương');
  wardB = await makeWard(t, 'Phường Lâm Viên');
});
afterAll(async () => t?.close());

type LogRow = { id: number; action: string; sentence: string; changes: { field: string; label: string; before: string; after: string }[]; record_id: string };

const logs = async (query: Record<string, string>) => {
  const r = await call(t, 'GET', '/api/admin/system/logs', { query: { limit: '100', ...query } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entries as LogRow[];
};

async function makeManufacture(name: string, ward: number, token = t.adminToken) {
  const r = await call(t, 'POST', '/api/admin/manufactures', {
    token,
    body: { code: `CS-${Math.random().toString(36).slice(2, 8)}`, name, ward_id: ward, phone: '0901234567' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry.id as number;
}
async function makeProduct(name: string, manufacture: number, token = t.adminToken) {
  const r = await call(t, 'POST', '/api/admin/products', {
    token,
    body: { code: `SP-${Math.random().toString(36).slice(2, 8)}`, name, manufacture_id: manufacture, price: 150000 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry.id as number;
}

describe('the system log speaks Vietnamese', () => {
  it('names the actor, the record and the changed fields with labels and shown values', async () => {
    await t.database.query(sql`update users set full_name = 'Nguyễn Văn A' where username = 'admin'`);
    const m = await makeManufacture('HTX Cầu Đất', wardA);
    const upd = await call(t, 'PUT', `/api/admin/manufactures/${m}`, { body: { phone: '0902345678', ward_id: wardB } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const p = await makeProduct('Cà phê Arabica Cầu Đất', m);
    expect((await call(t, 'PUT', `/api/admin/products/change-status/${p}`)).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/products/${p}`)).status).toBe(200);
    expect((await call(t, 'PUT', `/api/admin/products/restore/${p}`)).status).toBe(200);

    const rows = await logs({ subject: 'manufactures' });
    const update = rows.find((r) => r.action === 'update' && r.record_id === String(m));
    expect(update?.sentence).toBe(
      'Nguyễn Văn A đã sửa cơ sở sản xuất "HTX Cầu Đất": Số điện thoại 0901234567 → 0902345678; Phường/xã Phường Xuân Hương → Phường Lâm Viên',
    );
    expect(update?.changes).toContainEqual({ field: 'ward_id', label: 'Phường/xã', before: 'Phường Xuân Hương', after: 'Phường Lâm Viên' });
    expect(rows.find((r) => r.action === 'create' && r.record_id === String(m))?.sentence).toBe('Nguyễn Văn A đã thêm cơ sở sản xuất "HTX Cầu Đất"');

    const prod = await logs({ subject: 'products' });
    const mine = prod.filter((r) => r.record_id === String(p)).map((r) => r.sentence);
    expect(mine).toEqual([
      'Nguyễn Văn A đã khôi phục sản phẩm "Cà phê Arabica Cầu Đất"',
      'Nguyễn Văn A đã xóa sản phẩm "Cà phê Arabica Cầu Đất"',
      'Nguyễn Văn A đã phê duyệt sản phẩm "Cà phê Arabica Cầu Đất"',
      'Nguyễn Văn A đã thêm sản phẩm "Cà phê Arabica Cầu Đất"',
    ]);
    const created = prod.find((r) => r.record_id === String(p) && r.action === 'create');
    expect(created?.changes).toContainEqual({ field: 'manufacture_id', label: 'Cơ sở sản xuất', before: '', after: 'HTX Cầu Đất' });
    expect(created?.changes.find((c) => c.field === 'price')?.after).toMatch(/^150\.000 ₫$/);
    for (const r of [...rows, ...prod]) expect(r.sentence).not.toMatch(/\/api\/|\b[24]\d\d\b|_id\b/);
  });

  it('logs refused sign-ins with the name tried and the address, never the password, and filters them', async () => {
    const u = await makeUser(t, { username: 'tran.minh' });
    const secret = 'KhongPhaiMatKhau@99';
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'tran.minh', password: secret }, remoteAddress: '10.0.0.5' });
    expect(bad.statusCode).toBe(401);
    await t.database.query(sql`update users set status = 'inactive' where id = ${u.id}`);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'tran.minh', password: u.password },
      remoteAddress: '10.0.0.6',
    });
    expect(locked.statusCode).toBe(401);
    await t.database.query(sql`update users set status = 'active' where id = ${u.id}`);

    const rows = await logs({ action: 'login-failed,login-throttled' });
    expect(rows.every((r) => r.action === 'login-failed' || r.action === 'login-throttled')).toBe(true);
    const sentences = rows.map((r) => r.sentence);
    expect(sentences).toContain('Đăng nhập thất bại: sai mật khẩu cho "tran.minh" từ 10.0.0.5');
    expect(sentences).toContain('Đăng nhập thất bại: tài khoản đã bị khóa cho "tran.minh" từ 10.0.0.6');
    const raw = JSON.stringify(await logs({}));
    expect(raw).not.toContain(secret);
    expect(raw).not.toContain(u.password);
  });

  it('tells a password change by the user', async () => {
    const u = await makeUser(t, { username: 'le.c' });
    await t.database.query(sql`update users set full_name = 'Lê Văn C' where id = ${u.id}`);
    const r = await call(t, 'PUT', '/api/admin/change-password', {
      token: u.token,
      body: { old_password: u.password, new_password: 'MatKhauMoi@2026', new_password_confirmation: 'MatKhauMoi@2026' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await logs({ action: 'change-password', actor_id: String(u.id) });
    expect(rows.map((x) => x.sentence)).toEqual(['Lê Văn C đã đổi mật khẩu của mình']);
  });
});

describe('GET /api/admin/home/pending', () => {
  it('lists what awaits the user’s approval in their scope, per resource, with links', async () => {
    const mA = await makeManufacture('Cơ sở A', wardA);
    const mB = await makeManufacture('Cơ sở B', wardB);
    const a1 = await makeProduct('Chè Ô long A', mA);
    const a2 = await makeProduct('Rau sạch A', mA);
    const b1 = await makeProduct('Dâu tây B', mB);
    const approved = await makeProduct('Đã duyệt A', mA);
    await call(t, 'PUT', `/api/admin/products/change-status/${approved}`);

    const officer = await makeUser(t, { perms: ['list:products', 'read:products', 'approve:products'], wardId: wardA });
    const r = await call(t, 'GET', '/api/admin/home/pending', { token: officer.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const entries = r.body.data.entries as { resource: string; count: number; list_url: string; items: { id: number; name: string; url: string }[] }[];
    expect(entries.map((e) => e.resource)).toEqual(['products']);
    expect(entries[0].count).toBe(2);
    expect(entries[0].items.map((i) => i.id)).toEqual([a2, a1]);
    expect(entries[0].items[0]).toEqual({ id: a2, name: 'Rau sạch A', url: `/admin/products/${a2}/detail` });
    expect(entries[0].list_url).toBe('/admin/products?status=pending');
    expect(entries[0].items.map((i) => i.id)).not.toContain(b1);

    // the administrator sees every ward's
    const all = await call(t, 'GET', '/api/admin/home/pending');
    const prod = (all.body.data.entries as typeof entries).find((e) => e.resource === 'products');
    expect(prod?.items.map((i) => i.id)).toEqual(expect.arrayContaining([a1, a2, b1]));
    expect(prod?.items.map((i) => i.id)).not.toContain(approved);
  });

  it('shows nothing to a user who may list but not approve; answers 401 without a session', async () => {
    const viewer = await makeUser(t, { perms: ['list:products', 'read:products', 'list:roles'], wardId: wardA });
    const r = await call(t, 'GET', '/api/admin/home/pending', { token: viewer.token });
    expect(r.status).toBe(200);
    expect(r.body.data.entries).toEqual([]);
    expect((await call(t, 'GET', '/api/admin/home/pending', { token: '' })).status).toBe(401);
  });
});
