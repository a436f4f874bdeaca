import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 29 (points 5, 6) through the work's form: Kq and Kf are chosen from QCVN 40's own lists (the
 * coastal 1.3 among them), K from QCVN 14's facility types; a flow's value that the work's standard
 * does not list shows 'Không có trong quy chuẩn', sulfide 5 mg/L is over the limit.
 */
const stamp = Date.now().toString(36);

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

/** The dropdown on screen (closed ones stay in the page, hidden). */
const OPEN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** Opens a select by its label and moves to its n-th option with the keyboard (the list is virtual). */
async function choose(page: Page, label: string, index: number, expected: string) {
  await page.getByRole('combobox', { name: label }).click();
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(page.locator(`${OPEN} .ant-select-item-option-active`)).toContainText(expected);
  await page.keyboard.press('Enter');
}

test("discharge factors chosen from the regulation's lists; a value outside the standard is 'Không có trong quy chuẩn'", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const r = await (await request.post(url, { headers, data })).json();
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data.entry;
  };
  const province = await post('/api/admin/provinces', { code: `PF${stamp}`.slice(0, 10), name: `Tỉnh hệ số ${stamp}` });
  const ward = await post('/api/admin/wards', { code: `WF${stamp}`.slice(0, 10), name: `Phường Hệ Số ${stamp}`, province_id: province.id });

  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page);
  await page.goto('/admin/discharge-construction/create/11.94000/108.44000');
  const code = `KF-${stamp}`.toUpperCase();
  await page.getByLabel('Mã công trình').fill(code);
  await page.getByLabel('Tên công trình').fill(`Nhà máy ven biển ${stamp}`);
  // a domestic work offers K by facility type and size, never Kq/Kf
  await page.getByRole('combobox', { name: 'Loại nước thải' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Nước thải sinh hoạt' }).click();
  await page.getByRole('combobox', { name: 'Loại hình, quy mô cơ sở (hệ số K)' }).click();
  await expect(page.locator(`${OPEN} .ant-select-item-option`).first()).toContainText('Khách sạn, nhà nghỉ từ 50 phòng hoặc khách sạn từ 3 sao: 1');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Nguồn tiếp nhận (hệ số Kq, QCVN 40)' })).toHaveCount(0);
  // industrial: Kq from the receiving water (coastal, not for aquatic life: 1.3), Kf from the discharge class
  await page.getByRole('combobox', { name: 'Loại nước thải' }).click({ force: true }); // the chosen value's label lies over the input
  await page.locator(`${OPEN} .ant-select-item-option`, { hasText: 'Nước thải công nghiệp' }).click();
  await expect(page.getByRole('combobox', { name: 'Loại hình, quy mô cơ sở (hệ số K)' })).toHaveCount(0);
  await choose(page, 'Nguồn tiếp nhận (hệ số Kq, QCVN 40)', 7, 'Vùng nước biển ven bờ không dùng cho bảo vệ thủy sinh, thể thao, giải trí dưới nước: 1,3');
  await choose(page, 'Lưu lượng xả F (hệ số Kf, QCVN 40)', 1, '50 < F ≤ 500 m³/ngày đêm: 1,1');
  await page.getByRole('combobox', { name: 'Phường/xã' }).click();
  await page.getByRole('combobox', { name: 'Phường/xã' }).fill(ward.name);
  await page.locator('.ant-select-item-option', { hasText: ward.name }).first().click();
  await page.getByLabel('Lưu lượng xả cho phép (m³/ngày đêm)').fill('300');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page).toHaveURL(/\/admin\/discharge-construction\/detail\/\d+$/);
  const id = /detail\/(\d+)$/.exec(page.url())?.[1];
  const work = (await (await request.get(`/api/admin/discharge-constructs/${id}`, { headers })).json()).data.entry;
  expect(work).toMatchObject({ kq_class: 'sea_other', kq: 1.3, kf_class: 'f_500', kf: 1.1, standard_code: 'QCVN 40:2011/BTNMT' });

  // sulfide 5 mg/L (B: 0.5 × 1.3 × 1.1 = 0.715) is over; TDS is not a parameter of QCVN 40
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await post('/api/admin/discharge-traffic', { construct_id: Number(id), measured_date: `${today}T00:00:00Z`, flow: 200, sulfide: 5, tds: 800 });
  await page.goto(`/admin/discharge-construction/flow/${id}`);
  const row = page.locator('tbody tr.ant-table-row').first();
  await expect(row.locator('[data-exceeded="1"]')).toHaveText('5');
  await expect(row.locator('[data-verdict="not_in_standard"]')).toContainText('Không có trong quy chuẩn');
  await expect(row.getByText('Vượt giới hạn')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Tổng chất rắn hòa tan.*Không có trong quy chuẩn/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Sunfua.*≤ 0,715/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/discharge-factors-flows.png', fullPage: true });
});
