import { checkWater } from '@nns/shared/resources/criteria-seafoods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp, makeUser, type TestApp } from './helpers';
import { postImport, workbook } from './import-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const post = async (url: string, body: unknown) => {
  const r = await call(t, 'POST', url, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.entry.id as number;
};

describe('species lists beside the product registers', () => {
  it('lists the live, active species for the pickers, searchable without accents', async () => {
    await post('/api/admin/plants', { code: 'P-CF', name: 'Cà phê', scientific_name: 'Coffea', plant_type: 'cong_nghiep' });
    const off = await post('/api/admin/plants', { code: 'P-OFF', name: 'Cây ngừng dùng', is_active: false });
    const r = await call(t, 'GET', '/api/admin/product-plants/plants');
    expect(r.status).toBe(200);
    expect(r.body.data.entries).toEqual([{ id: expect.any(Number), code: 'P-CF', name: 'Cà phê', scientific_name: 'Coffea', plant_type: 'cong_nghiep' }]);
    expect(r.body.data.entries.map((e: { id: number }) => e.id)).not.toContain(off);
    expect((await call(t, 'GET', '/api/admin/product-plants/plants', { query: { search: 'ca phe' } })).body.data.entries).toHaveLength(1);
    expect((await call(t, 'GET', '/api/admin/product-plants/plants', { query: { bogus: '1' } })).status).toBe(400);
    await post('/api/admin/animals', { code: 'A-BO', name: 'Bò', animal_type: 'gia_suc' });
    expect((await call(t, 'GET', '/api/admin/product-animals/animals')).body.data.entries[0]).toMatchObject({ name: 'Bò', animal_type: 'gia_suc' });
  });

  it('needs list permission on the product subject', async () => {
    const u = await makeUser(t, { perms: ['list:product_animals'] });
    expect((await call(t, 'GET', '/api/admin/product-plants/plants', { token: u.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/admin/product-animals/animals', { token: u.token })).status).toBe(200);
  });
});

describe('seafood criteria: ranges', () => {
  let seafood: number;
  let id: number;
  const url = '/api/admin/criteria-seafoods';

  it('refuses min > max on create, per range, in Vietnamese', async () => {
    seafood = await post('/api/admin/seafoods', { code: 'S-TT', name: 'Tôm thẻ chân trắng', seafood_type: 'tom', water_type: 'lo' });
    const r = await call(t, 'POST', url, {
      body: { code: 'C1', name: 'Nuôi thương phẩm', seafood_id: seafood, salinity_min: 25, salinity_max: 10, ph_min: 8.5, ph_max: 7.5 },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([
      { field: 'salinity_max', message: 'Độ mặn: giá trị tối đa (10) phải lớn hơn hoặc bằng giá trị tối thiểu (25)' },
      { field: 'ph_max', message: 'pH: giá trị tối đa (7.5) phải lớn hơn hoặc bằng giá trị tối thiểu (8.5)' },
    ]);
    id = await post(url, {
      code: 'C1',
      name: 'Nuôi thương phẩm',
      seafood_id: seafood,
      stage: 'Nuôi thương phẩm',
      salinity_min: 10,
      salinity_max: 25,
      ph_min: 7.5,
      ph_max: 8.5,
      dissolved_oxygen_min: 4,
    });
  });

  it('checks an update against the stored other end of the range', async () => {
    const r = await call(t, 'PUT', `${url}/${id}`, { body: { salinity_min: 30 } });
    expect(r.status).toBe(400);
    expect(r.body.data.errors[0].field).toBe('salinity_max');
    expect((await call(t, 'PUT', `${url}/${id}`, { body: { salinity_min: 12, salinity_max: null } })).status).toBe(200);
    expect((await call(t, 'PUT', `${url}/${id}`, { body: { ph_min: 15 } })).status).toBe(400);
  });

  it('a file with a reversed range is refused row by row', async () => {
    const r = await postImport(
      t,
      `${url}/import`,
      await workbook(
        ['Mã', 'Tên tiêu chí', 'Loài thủy sản', 'Giai đoạn nuôi', 'Nhiệt độ từ (°C)', 'Nhiệt độ đến (°C)'],
        [
          ['C2', 'Ương giống', 'Tôm thẻ chân trắng', 'Ương giống', 28, 31],
          ['C3', 'Ương giống lạnh', 'S-TT', 'Ương lạnh', 32, 20],
        ],
      ),
      { dryRun: false },
    );
    expect(r.status).toBe(400);
    expect(r.body.data.errors).toEqual([
      { row: 3, field: 'temperature_max', column: 'Nhiệt độ đến (°C)', message: 'Nhiệt độ: giá trị tối đa (20) phải lớn hơn hoặc bằng giá trị tối thiểu (32)' },
    ]);
    expect((await call(t, 'GET', url, { query: { search: 'C2' } })).body.data.entries).toHaveLength(0);
  });

  it('the seafoods list and a reading checked against a species', async () => {
    expect((await call(t, 'GET', `${url}/seafoods`)).body.data.entries.map((e: { name: string }) => e.name)).toEqual(['Tôm thẻ chân trắng']);
    const c = (await call(t, 'GET', `${url}/${id}`)).body.data.entry;
    const res = checkWater(c, { salinity: 5, ph: 9, temperature: 29, dissolved_oxygen: 4.5 });
    expect(res.map((x) => `${x.parameter}:${x.result}`)).toEqual(['salinity:low', 'ph:high', 'temperature:ok', 'dissolved_oxygen:ok']);
  });
});
