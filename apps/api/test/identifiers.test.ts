import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, makeUser, type TestApp } from './helpers';

/** Issue 29.7: tax codes with their check digit, CCCD province codes, assigned mobile prefixes; older rows reported, not rewritten. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

type Errors = { field: string; message: string }[];
const errorsOf = (r: { body: { data: { errors: Errors } } }) => r.body.data.errors;

describe('identifier rules on every write', () => {
  it('refuses each bad identifier with a message naming its field and the rule', async () => {
    const m = await call(t, 'POST', '/api/admin/manufactures', {
      body: { code: 'CS-ID-1', name: 'HTX Cà phê Ea Kao', tax_code: '0100109107', phone: '0952345678' },
    });
    expect(m.status).toBe(400);
    expect(errorsOf(m)).toEqual(
      expect.arrayContaining([
        { field: 'tax_code', message: 'Mã số thuế sai chữ số kiểm tra: chữ số thứ 10 phải là 6 (trọng số 31, 29, 23, 19, 17, 13, 7, 5, 3)' },
        { field: 'phone', message: expect.stringMatching(/^Số điện thoại: đầu số 095 chưa được cấp cho mạng di động/) },
      ]),
    );
    const l = await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-ID-1', full_name: 'Y Bhiông Niê', citizen_id: '097203001234' } });
    expect(errorsOf(l)).toContainEqual({
      field: 'citizen_id',
      message: expect.stringMatching(/^Số CCCD: 3 chữ số đầu phải là mã tỉnh.*'097' không phải mã tỉnh$/),
    });
    const d = await call(t, 'POST', '/api/admin/distributors', { body: { code: 'NPP-ID-1', name: 'Đại lý Hòa Bình', tax_code: '1000000080' } });
    expect(errorsOf(d)).toContainEqual({ field: 'tax_code', message: expect.stringMatching(/chữ số kiểm tra bằng 10/) });
  });

  it('takes real codes, the 13-digit branch and the 12-digit personal form; 0084 is stored as 0…', async () => {
    const ok = [
      ['CS-ID-2', '0100109106'],
      ['CS-ID-3', '0300588569-001'],
      ['CS-ID-4', '0101248141002'],
      ['CS-ID-5', '079203001234'],
    ];
    for (const [code, tax] of ok) {
      const r = await call(t, 'POST', '/api/admin/manufactures', { body: { code, name: `Cơ sở ${code}`, tax_code: tax } });
      expect(r.status, `${tax} ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.data.entry.tax_code).toBe(tax);
    }
    const a = await call(t, 'POST', '/api/admin/apps', { body: { full_name: 'Nguyễn Thị Hoa', phone: '0084 912 345 670' } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.entry.phone).toBe('0912345670');
  });

  it('an older row keeps its value on update, is listed by the report, and a new bad value is still refused', async () => {
    const created = await call(t, 'POST', '/api/admin/manufactures', { body: { code: 'CS-CU-1', name: 'HTX Rau Đà Lạt cũ', tax_code: '5801738260' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.entry.id as number;
    // as a database from before the rules holds it: a made-up tax code and a phone on an unassigned prefix
    await t.database.query(sql`update manufactures set tax_code = '5801738265', phone = '0951234567' where id = ${id}`);
    const report = await call(t, 'GET', '/api/admin/identifier-report');
    expect(report.status).toBe(200);
    const mine = report.body.data.entries.filter((e: { resource: string; id: number }) => e.resource === 'manufactures' && e.id === id);
    expect(mine).toEqual([
      expect.objectContaining({
        field: 'tax_code',
        field_label: 'Mã số thuế',
        value: '5801738265',
        name: 'HTX Rau Đà Lạt cũ',
        message: expect.stringMatching(/phải là 0/),
      }),
      expect.objectContaining({ field: 'phone', value: '0951234567', message: expect.stringMatching(/đầu số 095/) }),
    ]);
    // the report rewrote nothing
    const [row] = await t.database.query<{ tax_code: string; phone: string }>(sql`select tax_code, phone from manufactures where id = ${id}`);
    expect(row).toEqual({ tax_code: '5801738265', phone: '0951234567' });

    // the edit form sends the whole entry back: the untouched old values pass, the change is saved
    const read = await call(t, 'GET', `/api/admin/manufactures/${id}`);
    const put = await call(t, 'PUT', `/api/admin/manufactures/${id}`, { body: { ...read.body.data.entry, name: 'HTX Rau Đà Lạt' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.entry).toMatchObject({ name: 'HTX Rau Đà Lạt', tax_code: '5801738265', phone: '0951234567' });
    // a value that changes meets the rule
    const bad = await call(t, 'PUT', `/api/admin/manufactures/${id}`, { body: { tax_code: '5801738266' } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual([{ field: 'tax_code', message: expect.stringMatching(/^Mã số thuế sai chữ số kiểm tra/) }]);
    // the old shape is still checked: an update cannot store what never was an identifier
    const shape = await call(t, 'PUT', `/api/admin/manufactures/${id}`, { body: { phone: '12345' } });
    expect(errorsOf(shape).map((e) => e.field)).toEqual(['phone']);
    // corrected, it leaves the report
    expect((await call(t, 'PUT', `/api/admin/manufactures/${id}`, { body: { tax_code: '5801738260', phone: '0912345671' } })).status).toBe(200);
    const after = await call(t, 'GET', '/api/admin/identifier-report');
    expect(after.body.data.entries.filter((e: { id: number; resource: string }) => e.resource === 'manufactures' && e.id === id)).toEqual([]);
  });

  it('the report is a declared permission and shows only resources the caller may list', async () => {
    const none = await makeUser(t, { perms: ['list:manufactures'] });
    expect((await call(t, 'GET', '/api/admin/identifier-report', { token: none.token })).status).toBe(403);
    const l = await call(t, 'POST', '/api/admin/labors', { body: { code: 'LD-ID-X', full_name: 'Lê Văn Tám', citizen_id: '068192004518' } });
    await t.database.query(sql`update labors set citizen_id = '000111222333' where id = ${l.body.data.entry.id}`);
    const officer = await makeUser(t, { perms: ['list:identifier_report', 'list:manufactures'] });
    const r = await call(t, 'GET', '/api/admin/identifier-report', { token: officer.token });
    expect(r.status).toBe(200);
    expect(r.body.data.entries.map((e: { resource: string }) => e.resource)).not.toContain('labors');
    const all = await call(t, 'GET', '/api/admin/identifier-report');
    expect(all.body.data.entries).toContainEqual(
      expect.objectContaining({ resource: 'labors', field: 'citizen_id', value: '000111222333', message: expect.stringMatching(/'000'/) }),
    );
  });
});
