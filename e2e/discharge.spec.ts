import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 16 through the real screens: a work created by clicking the map, a flow over its limits typed
 * on the spec's create-flow screen, the red cell on the flows and the compliance table, the work on
 * the overview's 'vượt giới hạn' filter, the ward officer's live notice, and the work's .xlsx read back.
 */
const stamp = Date.now().toString(36);

async function signIn(page: Page, creds: { username: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: creds });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

async function pick(page: Page, label: string, text: string, search = true) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

test('discharge: a work made on the map, a flow over the limit in red, on the map filter, notified, exported', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const r = await (await request.post(url, { headers, data })).json();
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data.entry;
  };
  const province = await post('/api/admin/provinces', { code: `PX${stamp}`.slice(0, 10), name: `Tỉnh xả thải ${stamp}` });
  const ward = await post('/api/admin/wards', { code: `WX${stamp}`.slice(0, 10), name: `Phường Xả Thải ${stamp}`, province_id: province.id });
  const perms = ['list', 'read', 'menu'].map((action) => ({ action, subject: 'discharge_construct' }));
  const role = await post('/api/admin/roles', { name: `Cán bộ môi trường ${stamp}`, permissions: perms });
  const officerCreds = { username: `moitruong_${stamp}`, password: 'ThuNghiem#2026' };
  await post('/api/admin/users', { ...officerCreds, full_name: 'Cán bộ môi trường', role_id: role.id, scope: 'ward', ward_id: ward.id, status: 'active' });

  // the ward officer keeps a page open: the notice arrives live
  const officer = await (await browser.newContext()).newPage();
  await signIn(officer, officerCreds);
  const socket = officer.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'));
  await officer.goto('/admin/home');
  await socket;

  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page, ADMIN);
  await page.goto('/admin/discharge-construction/create');
  const map = page.getByTestId('pick-map').locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expectAccessible(page);
  await map.click({ position: { x: 600, y: 260 } });
  await expect(page).toHaveURL(/\/admin\/discharge-construction\/create\/[\d.]+\/[\d.]+$/);
  const [, lat, long] = /create\/([\d.]+)\/([\d.]+)$/.exec(page.url()) ?? [];
  await expect(page.getByLabel('Vĩ độ', { exact: true })).toHaveValue(new RegExp(`^${lat.slice(0, 5).replace('.', '[.,]')}`));
  expect(Number(long)).toBeGreaterThan(102);
  const code = `XT-${stamp}`.toUpperCase();
  const name = `Nhà máy chế biến mủ cao su ${stamp}`;
  await page.getByLabel('Mã công trình').fill(code);
  await page.getByLabel('Tên công trình').fill(name);
  // before a type is chosen no factor shows; industrial works take Kq and Kf, never K
  await expect(page.getByLabel('Nguồn tiếp nhận (hệ số Kq, QCVN 40)')).toHaveCount(0);
  await pick(page, 'Loại nước thải', 'Nước thải công nghiệp', false);
  await expect(page.getByLabel('Nguồn tiếp nhận (hệ số Kq, QCVN 40)')).toBeVisible();
  await expect(page.getByLabel('Lưu lượng xả F (hệ số Kf, QCVN 40)')).toBeVisible();
  await expect(page.getByLabel('Loại hình, quy mô cơ sở (hệ số K)')).toHaveCount(0);
  await pick(page, 'Phường/xã', ward.name);
  await page.getByLabel('Lưu lượng xả cho phép (m³/ngày đêm)').fill('300');
  await page.getByLabel('Số giấy phép xả thải').fill('88/GP-UBND');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page).toHaveURL(/\/admin\/discharge-construction\/detail\/\d+$/);
  const id = /detail\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByText(`${code} · ${name}`)).toBeVisible();

  // a flow over the limit on the spec's create-flow screen (QCVN 40 B, Kq 0.9 × Kf 1.1: COD ≤ 148.5)
  await page.getByRole('button', { name: 'Lưu lượng xả' }).click();
  await expect(page).toHaveURL(new RegExp(`/flow/${id}$`));
  await page.getByRole('button', { name: 'Thêm số liệu' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-flow/${id}$`));
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  await page.getByLabel('Ngày đo').fill(dmy);
  await page.getByLabel('Ngày đo').press('Enter');
  await page.getByLabel('Lưu lượng (m³/ngày)').fill('250');
  await page.getByLabel('COD (mg/L)').fill('190');
  await page.getByLabel('TSS (mg/L)').fill('40');
  // the officer's live notice lasts 5 s (spec §2): watched from the moment the flow is saved
  const heard = officer
    .locator('.notice-socket')
    .filter({ hasText: `Vượt giới hạn xả thải: ${name}` })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page).toHaveURL(new RegExp(`/flow/${id}$`));
  const red = page.locator('[data-exceeded="1"]');
  await expect(red).toHaveCount(1);
  await expect(red).toHaveText('190');
  await expect(page.locator('tbody tr.ant-table-row').first().getByText('Vượt giới hạn')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/discharge-flows.png' });

  // the officer of the ward heard of it, and it stays in their inbox
  await heard;
  await officer.getByTestId('notification-bell').click();
  await expect(officer.getByTestId('notification-panel').getByText(`Vượt giới hạn xả thải: ${name}`)).toBeVisible();

  // the detail: the compliance table counts it
  await page.goto(`/admin/discharge-construction/detail/${id}`);
  const month = `${today.slice(5, 7)}/${today.slice(0, 4)}`;
  const row = page.getByTestId('compliance-table').locator('tr', { hasText: month });
  await expect(row.locator('.nns-cell-exceeded')).toHaveText('1');
  await expect(page.getByTestId('flow-chart')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/discharge-detail.png', fullPage: true });

  // the work's file: the COD cell filled red
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  const ws = wb.getWorksheet('Số liệu đo') as ExcelJS.Worksheet;
  const head = (ws.getRow(1).values as unknown[]).map(String);
  const cod = ws.getRow(3).getCell(head.indexOf('COD (mg/L)'));
  expect(cod.value).toBe(190);
  expect((cod.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
  expect((ws.getRow(3).getCell(head.indexOf('TSS (mg/L)')).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).toBeUndefined();

  // the overview: on the 'vượt giới hạn' filter of its ward
  await page.goto('/admin/discharge-construction/overview');
  await expect(page.getByTestId('discharge-map')).toBeVisible();
  await pick(page, 'Loại nước thải', 'Nước thải công nghiệp', false);
  await page.keyboard.press('Escape');
  await page.locator('#discharge-ward-filter').click();
  await page.locator('#discharge-ward-filter').fill(ward.name);
  await page.locator('.ant-select-item-option', { hasText: ward.name }).first().click();
  await page.getByLabel('Chỉ công trình vượt giới hạn trong').check();
  await expect(page.getByTestId('exceeded-count')).toHaveText('Vượt giới hạn tháng này: 1');
  await expect(page.getByTestId('discharge-legend')).toContainText('Nước thải công nghiệp: 1');
  // the period is the user's: the last 12 months hold the same flow; the work is drawn on the canvas
  await page.getByRole('combobox', { name: 'Kỳ vượt giới hạn' }).click({ force: true }); // the chosen value's label lies over the input
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '12 tháng gần nhất' }).click();
  await expect(page.getByTestId('exceeded-count')).toHaveText('Vượt giới hạn 12 tháng gần nhất: 1');
  await expect(page.getByTestId('discharge-map')).toHaveAttribute('data-drawn', '1');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/discharge-overview.png' });
});
