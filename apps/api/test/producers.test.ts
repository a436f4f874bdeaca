import { MESSAGES } from '@nns/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callJob, makeApp, makeUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const errorsOf = (r: { body: { data: { errors: { field: string; message: string }[] } } }) => r.body.data.errors;

async function readExport(url: string) {
  const file = await t.app.inject({ method: 'GET', url });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

describe('manufactures', () => {
  const base = { code: 'CSSX-DL-001', name: 'Hợp tác xã Cà phê Ea Tu', representative: 'Y Bhiông Niê', phone: '0905123456', lat: 12.7, long: 108.05 };

  it('checks tax code, phone, email and website with Vietnamese messages', async () => {
    const r = await call(t, 'POST', '/api/admin/manufactures', {
      body: { ...base, tax_code: '60001234', phone: '0123456789', email: 'hoptacxa@', website: 'ftp://x' },
    });
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual(
      expect.arrayContaining([
        { field: 'tax_code', message: MESSAGES.taxCodeShape('Mã số thuế') },
        { field: 'phone', message: expect.stringMatching(/^Số điện thoại: đầu số 012 chưa được cấp cho mạng di động/) },
        { field: 'email', message: MESSAGES.email },
        { field: 'website', message: 'Website phải là địa chỉ bắt đầu bằng http://, https:// hoặc /' },
      ]),
    );
    for (const phone of ['+84905123456', '84381234567', '0771234567']) {
      expect(
        errorsOf(await call(t, 'POST', '/api/admin/manufactures', { body: { ...base, phone, tax_code: 'x' } })).map((e: { field: string }) => e.field),
      ).not.toContain('phone');
    }
  });

  it('refuses coordinates outside Việt Nam and malformed certifications', async () => {
    const r = await call(t, 'POST', '/api/admin/manufactures', {
      body: { ...base, lat: 48.85, certifications: [{ type: 'ocop' }, { type: 'vietgap', stars: 4 }, { type: 'iso' }] },
    });
    expect(r.status).toBe(400);
    const messages = errorsOf(r).map((e: { message: string }) => e.message);
    expect(messages).toContain('Vĩ độ phải nhỏ hơn hoặc bằng 24');
    expect(messages).toContain('Chứng nhận OCOP cần số sao từ 3 đến 5');
    expect(messages).toContain('Chỉ chứng nhận OCOP mới có số sao');
    expect(messages).toContain('Loại chứng nhận phải là VietGAP, GlobalG.A.P., Hữu cơ hoặc OCOP');
  });

  it('creates with a branch tax code and certifications, refuses a duplicate code, counts and toggles status', async () => {
    const certifications = [
      { type: 'vietgap', number: 'VG-2024-0153', issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)', valid_until: '2027-06-30T00:00:00Z' },
      { type: 'ocop', stars: 4, issuer: 'UBND tỉnh Đắk Lắk' },
    ];
    const r = await call(t, 'POST', '/api/admin/manufactures', { body: { ...base, tax_code: '6000123450-001', certifications } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry).toMatchObject({ tax_code: '6000123450-001', status: 'active', certifications });
    const dup = await call(t, 'POST', '/api/admin/manufactures', { body: { ...base, name: 'Khác' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Mã cơ sở đã tồn tại');

    const c = await call(t, 'GET', '/api/admin/manufactures/count', { query: { status: 'active' } });
    expect(c.body.data.count).toBe(1);
    const s = await call(t, 'PUT', `/api/admin/manufactures/change-status/${r.body.data.entry.id}`);
    expect(s.body.data.entry.status).toBe('inactive');
    expect((await call(t, 'GET', '/api/admin/manufactures/count', { query: { status: 'active' } })).body.data.count).toBe(0);
  });

  it('exports the filtered list with Vietnamese headers and reads back', async () => {
    await call(t, 'POST', '/api/admin/manufactures', {
      body: { code: 'CSSX-ST-002', name: 'Công ty TNHH Gạo Hồ Quang Trí', phone: '0939612345', tax_code: '2200123450' },
    });
    const e = await callJob(t, 'GET', '/api/admin/manufactures/export', { query: { search: 'gao ho quang' } });
    expect(e.status).toBe(200);
    expect(e.body.data.rows).toBe(1);
    const { name, rows } = await readExport(e.body.data.url);
    expect(name).toBe('Cơ sở sản xuất');
    // the list's columns first, then the rest of the detail (issue 18.6)
    expect(rows[0].slice(0, 7)).toEqual(['STT', 'Mã cơ sở', 'Tên cơ sở sản xuất', 'Số điện thoại', 'Ngành sản xuất', 'Phường/xã', 'Trạng thái']);
    expect(rows[0]).toEqual(expect.arrayContaining(['Mã số thuế', 'Người đại diện', 'Địa chỉ', 'Ngày tạo']));
    expect(rows[1].slice(0, 3)).toEqual([1, 'CSSX-ST-002', 'Công ty TNHH Gạo Hồ Quang Trí']);
    expect(rows[1][6]).toBe('Đang hoạt động');
    expect(rows[1][rows[0].indexOf('Mã số thuế')]).toBe('2200123450');
  });
});

describe('distributors, apps, labors: approve and count', () => {
  it('approves a distributor (approve permission needed) and counts by status', async () => {
    const p = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-PP-1', name: 'Hồ tiêu đen Chư Sê' } });
    const d = await call(t, 'POST', '/api/admin/distributors', {
      body: {
        code: 'NPP-001',
        name: 'Công ty CP Phân phối Nông sản Sài Gòn',
        tax_code: '0312345673',
        phone: '0383812345',
        price: 185000,
        product_ids: [p.body.data.entry.id],
      },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.data.entry).toMatchObject({ status: 'pending', price: 185000, product_items: [{ id: p.body.data.entry.id, name: 'Hồ tiêu đen Chư Sê' }] });
    const id = d.body.data.entry.id;
    const officer = await makeUser(t, { perms: ['update:distributors', 'list:distributors'] });
    expect((await call(t, 'PUT', `/api/admin/distributors/approve/${id}`, { token: officer.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/distributors/count', { query: { status: 'pending' } })).body.data.count).toBe(1);
    const a = await call(t, 'PUT', `/api/admin/distributors/approve/${id}`);
    expect(a.body.data.entry.status).toBe('approved');
    expect((await call(t, 'GET', '/api/admin/distributors/count', { query: { status: 'approved' } })).body.data.count).toBe(1);
    const byProduct = await call(t, 'GET', '/api/admin/distributors', { query: { product_ids: String(p.body.data.entry.id) } });
    expect(byProduct.body.data.entries.map((x: { id: number }) => x.id)).toEqual([id]);
    const price = await call(t, 'POST', '/api/admin/distributors', { body: { code: 'NPP-002', name: 'X', price: 1.5 } });
    expect(errorsOf(price)).toContainEqual({ field: 'price', message: MESSAGES.integer('Giá thỏa thuận (VNĐ)') });
  });

  it('keeps an app user birthday as a date at midnight UTC and approves', async () => {
    const r = await call(t, 'POST', '/api/admin/apps', {
      body: { full_name: 'Nguyễn Thị Hoa', phone: '0912345678', birthday: '1988-03-15T00:00:00Z', gender: 'female' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry.birthday).toBe('1988-03-15T00:00:00.000Z');
    const bad = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'A', phone: '0912345679', birthday: '1988-03-15T07:00:00Z' } });
    expect(errorsOf(bad)).toContainEqual({ field: 'birthday', message: MESSAGES.date('Ngày sinh') });
    const a = await call(t, 'PUT', `/api/admin/apps/approve/${r.body.data.entry.id}`);
    expect(a.body.data.entry.status).toBe('approved');
    expect((await call(t, 'GET', '/api/admin/apps/count', { query: { status: 'approved' } })).body.data.count).toBe(1);
  });

  it('stores phones in one form (0 + 9 digits), so a number typed with spaces, dots or +84 is the same number', async () => {
    const r = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'Lê Văn Tám', phone: '0983.456.712' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.entry.phone).toBe('0983456712');
    for (const phone of ['0983 456 712', '+84 983 456 712', '84983456712', '0983-456-712']) {
      const dup = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'Lê Văn Tám', phone } });
      expect(dup.status, phone).toBe(409);
      expect(errorsOf(dup).map((e: { field: string }) => e.field)).toEqual(['phone']);
    }
    const long = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'X', phone: `0983456713${' '.repeat(15)}1` } });
    expect(errorsOf(long)).toContainEqual({ field: 'phone', message: 'Số điện thoại tối đa 20 ký tự' });
    const found = await call(t, 'GET', '/api/admin/apps', { query: { search: '0983456712' } });
    expect(found.body.data.entries).toHaveLength(1);
    // an organisation may give a landline (02 + area code, 11 digits); a person's phone stays mobile-only
    const m = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-SDT-00', name: 'Tổ hợp tác Rau Lâm Viên', phone: '+84 263 3822 123' } });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect(m.body.data.entry.phone).toBe('02633822123');
    const d = await call(t, 'POST', '/api/admin/distributors', { body: { code: 'NPP-CD-01', name: 'Đại lý Hòa Bình', phone: '(0292) 3821 456' } });
    expect(d.body.data.entry.phone, JSON.stringify(d.body)).toBe('02923821456');
    const person = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'Lê Văn Chín', phone: '0263 3822 123' } });
    expect(errorsOf(person)).toContainEqual({ field: 'phone', message: MESSAGES.phone });
    expect(errorsOf(await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-SDT-02', name: 'X', phone: '0163 3822 123' } }))).toContainEqual({
      field: 'phone',
      message: MESSAGES.phoneOrLandline,
    });
    const u = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CSSX-SDT-01', name: 'Tổ hợp tác Rau Lâm Viên', phone: '+84 905 123 456' } });
    expect(u.body.data.entry.phone).toBe('0905123456');
  });

  it('checks a labor citizen ID and username, hashes the diary password and never presents it', async () => {
    const bad = await call(t, 'POST', '/api/admin/labors', {
      body: { code: 'LD-0', full_name: 'A', citizen_id: '12345678901', username: 'ten có dấu', password: '123' },
    });
    expect(errorsOf(bad)).toEqual(
      expect.arrayContaining([
        { field: 'citizen_id', message: MESSAGES.citizenId },
        { field: 'username', message: MESSAGES.username },
      ]),
    );
    const r = await call(t, 'POST', '/api/admin/labors', {
      body: {
        code: 'LD-001',
        full_name: 'Rơ Mah Hyang',
        citizen_id: '064090001234',
        gender: 'male',
        birthday: '1990-07-02T00:00:00Z',
        username: 'romahhyang',
        password: 'NhatKy@2025',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.entry.id;
    expect(r.body.data.entry).not.toHaveProperty('password');
    const [row] = await t.database.query<{ password: string }>(sql`select password from labors where id = ${id}`);
    expect(row.password).toMatch(/^\$argon2id\$/);
    // an update without a password keeps the stored one
    await call(t, 'PUT', `/api/admin/labors/${id}`, { body: { position: 'Tổ trưởng tổ thu hái', password: '' } });
    const [same] = await t.database.query<{ password: string }>(sql`select password from labors where id = ${id}`);
    expect(same.password).toBe(row.password);
    const list = await call(t, 'GET', '/api/admin/labors', { query: { search: 'ro mah' } });
    expect(list.body.data.entries[0]).not.toHaveProperty('password');
    const e = await callJob(t, 'GET', '/api/admin/labors/export-labors');
    const { rows } = await readExport(e.body.data.url);
    expect(rows[0]).not.toContain('Mật khẩu (ứng dụng nhật ký)');
  });

  it('resets a labor password: generated once, or the given one; needs update permission', async () => {
    const r = await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-002', full_name: 'Kpă Thị Lan', username: 'kpalan' } });
    const id = r.body.data.entry.id;
    const g = await call(t, 'PUT', `/api/admin/labors/reset-password/${id}`);
    expect(g.status).toBe(200);
    expect(g.body.data.password).toMatch(/.{10,}/);
    const [row] = await t.database.query<{ password: string }>(sql`select password from labors where id = ${id}`);
    expect(row.password).toMatch(/^\$argon2id\$/);
    const given = await call(t, 'PUT', `/api/admin/labors/reset-password/${id}`, { body: { password: 'MatKhauMoi@2026' } });
    expect(given.body.data).toEqual({ id });
    expect((await call(t, 'PUT', `/api/admin/labors/reset-password/${id}`, { body: { password: 'ngan' } })).status).toBe(400);
    expect((await call(t, 'PUT', '/api/admin/labors/reset-password/999999')).status).toBe(404);
    const viewer = await makeUser(t, { perms: ['list:labors'] });
    expect((await call(t, 'PUT', `/api/admin/labors/reset-password/${id}`, { token: viewer.token })).status).toBe(403);
    const a = await call(t, 'PUT', `/api/admin/labors/approve/${id}`);
    expect(a.body.data.entry.status).toBe('approved');
    expect((await call(t, 'GET', '/api/admin/labors/count', { query: { status: 'approved' } })).body.data.count).toBe(1);
  });
});

describe('ward scope of producers', () => {
  it('an officer of a ward creates in it and sees only its producers, areas and distributors', async () => {
    const { createSample } = await import('./samples');
    const { resourceByName } = await import('@nns/shared/registry');
    const wardId = await createSample(t, resourceByName.wards);
    const officer = await makeUser(t, {
      wardId,
      perms: ['list:manufactures', 'create:manufactures', 'list:material_areas', 'create:material_areas', 'list:distributors'],
    });
    const mine = await call(t, 'POST', '/api/admin/manufactures', { token: officer.token, body: { code: 'CSSX-PX-01', name: 'Tổ hợp tác Rau Phường' } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.entry.ward_id).toBe(wardId);
    const other = await call(t, 'POST', '/api/admin/manufactures', {
      token: officer.token,
      body: { code: 'CSSX-PX-02', name: 'Khác', ward_id: wardId + 1000 },
    });
    expect(other.status).toBe(400);
    expect(other.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['ward_id']);
    const list = await call(t, 'GET', '/api/admin/manufactures', { token: officer.token, query: { limit: '100' } });
    expect(list.body.data.entries.map((e: { code: string }) => e.code)).toEqual(['CSSX-PX-01']);
    const area = await call(t, 'POST', '/api/admin/material-areas', { token: officer.token, body: { code: 'VNL-PX-01', name: 'Vườn rau', acreage: 0.8 } });
    expect(area.body.data.entry.ward_id).toBe(wardId);
    const dist = await call(t, 'GET', '/api/admin/distributors', { token: officer.token });
    expect(dist.body.data.entries).toEqual([]);
  });
});
