import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, pickEnum, popup } from './helpers';

/**
 * Issue 13 through the real screens: a process with three ordered stages made in one form, a batch
 * on it, and a ward's field officer keeping its diary on a 390×844 phone: finding the batch, a
 * spraying with its pre-harvest interval, an early harvest refused with the product and the safe day,
 * the harvest on that day, and the stage timeline.
 */
const stamp = Date.now().toString(36).toUpperCase();

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const env = await (await request.post(url, { headers: { authorization: `Bearer ${token}` }, data })).json();
  expect(env.code, JSON.stringify(env)).toBe(200);
  return env.data.entry as Record<string, any>;
}

async function withSession(page: Page, request: APIRequestContext, creds: { username: string; password: string }) {
  const env = await (await request.post('/api/auth/login', { data: creds })).json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

async function pickRef(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.evaluate((e) => e.scrollIntoView({ block: 'center' })); // above the phone's sticky Lưu bar
  await box.click({ force: true });
  await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

async function typeDateTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  const ok = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button');
  // a field in error has the focus (and maybe its picker open) after a refused save: a click may close
  // the picker again, so click until it is open
  await expect(async () => {
    if (!(await ok.isVisible())) await input.click();
    await expect(ok).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await input.fill(value);
  // the picker's 'OK' commits the typed value (Enter would also submit the form)
  await ok.click();
  await expect(ok).toBeHidden();
  await expect(input).toHaveValue(value);
}

test('culture: process with three stages, a batch, a phone diary with its inputs, early harvest refused, harvest on the safe day, timeline', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const province = await post(request, token, '/api/admin/provinces', { code: `P${stamp}`.slice(0, 10), name: `Tỉnh thử ${stamp}` });
  const ward = await post(request, token, '/api/admin/wards', { code: `W${stamp}`.slice(0, 10), name: `Xã Cầu Đất ${stamp}`, province_id: province.id });
  const producer = await post(request, token, '/api/admin/manufactures', { code: `CSSX-${stamp}`, name: `HTX Cà phê Cầu Đất ${stamp}`, ward_id: ward.id });
  const product = await post(request, token, '/api/admin/products', { code: `SP-${stamp}`, name: `Cà phê Arabica ${stamp}`, manufacture_id: producer.id });

  // 1. the process with its three stages, one form, one save (the third moved up to second place)
  await withSession(page, request, { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@12345' });
  await page.goto('/admin/culture/processes');
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/admin\/culture\/processes\/create$/);
  await expect(page.getByLabel('Tên quy trình')).toBeVisible();
  await expectAccessible(page);
  const processName = `Quy trình cà phê ${stamp}`;
  await page.getByLabel('Tên quy trình').fill(processName);
  await pickRef(page, 'Cơ sở sản xuất', producer.name);
  for (const [i, [name, days]] of [
    ['Làm đất, trồng mới', '10'],
    ['Thu hái quả chín', '20'],
    ['Chăm sóc, phòng trừ sâu bệnh', '30'],
  ].entries()) {
    await page.getByRole('button', { name: 'Thêm công đoạn' }).click();
    await page.getByLabel(`Tên công đoạn ${i + 1}`).fill(name);
    await page.getByLabel(`Thời gian công đoạn ${i + 1}`).fill(days);
  }
  await page.getByRole('button', { name: 'Đưa công đoạn 3 lên' }).click();
  await expect(page.getByLabel('Tên công đoạn 2')).toHaveValue('Chăm sóc, phòng trừ sâu bệnh');
  await expect(page.getByText('Tổng thời gian: 60 ngày')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/culture-process-form-1366.png', fullPage: true });
  await page.getByRole('button', { name: 'Lưu' }).click();
  await popup(page, 'Thêm mới thành công');
  await expect(page.getByRole('cell', { name: processName })).toBeVisible();
  await expectAccessible(page);

  const headers = { authorization: `Bearer ${token}` };
  const proc = (await (await request.get('/api/admin/processes', { headers, params: { search: processName } })).json()).data.entries[0];
  const stages = (await (await request.get('/api/admin/stages', { headers, params: { process_id: String(proc.id), sort: 'position' } })).json()).data.entries;
  expect(stages.map((s: { name: string }) => s.name)).toEqual(['Làm đất, trồng mới', 'Chăm sóc, phòng trừ sâu bệnh', 'Thu hái quả chín']);
  const batchCode = `LO-${stamp}`;
  await post(request, token, '/api/admin/batches', {
    code: batchCode,
    product_id: product.id,
    manufacture_id: producer.id,
    process_id: proc.id,
    planting_date: '2025-03-01T00:00:00Z',
  });

  // 2. the ward's field officer, on a phone
  const perms = [
    ...['list', 'read', 'create', 'update'].map((a) => ({ action: a, subject: 'diaries' })),
    ...['list', 'read', 'update'].map((a) => ({ action: a, subject: 'manufacturing_batches' })),
    { action: 'list', subject: 'stages' },
    { action: 'list', subject: 'labors' },
  ];
  const role = await post(request, token, '/api/admin/roles', { name: `Cán bộ khuyến nông ${stamp}`, permissions: perms });
  const officer = { username: `khuyennong_${stamp.toLowerCase()}`, password: 'ThuNghiem#2026' };
  await post(request, token, '/api/admin/users', {
    ...officer,
    full_name: 'Nguyễn Thị Thu Hà',
    role_id: role.id,
    scope: 'ward',
    ward_id: ward.id,
    status: 'active',
  });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    isMobile: true,
    hasTouch: true,
  });
  const m = await phone.newPage();
  await withSession(m, request, officer);
  await m.goto('/admin/culture/batches');
  await m.getByLabel('Tìm kiếm').fill(batchCode.toLowerCase());
  await m.getByLabel('Tìm kiếm').press('Enter');
  const row = m.locator('tr', { hasText: batchCode });
  await expect(row).toHaveCount(1);
  await expectAccessible(m);
  await row.getByRole('link', { name: 'Xem chi tiết' }).click();
  await expect(m.getByText('Dòng thời gian công đoạn')).toBeVisible();
  await expectAccessible(m);
  await m.getByRole('button', { name: 'Chuyển sang "Đang sản xuất"' }).click();
  await expect(m.locator('.ant-modal-confirm-title', { hasText: 'Chuyển sang "Đang sản xuất"?' })).toBeVisible();
  await m.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await popup(m, 'Đã chuyển trạng thái lô sản xuất');

  // a spraying with its inputs, the pesticide with a 7-day pre-harvest interval
  await m.getByRole('link', { name: 'Ghi nhật ký' }).click();
  await expect(m.getByRole('combobox', { name: 'Lô sản xuất' })).toBeVisible();
  await expect(m.locator('.ant-select-selection-item', { hasText: batchCode })).toBeVisible();
  await pickRef(m, 'Công đoạn', 'Chăm sóc');
  await typeDateTime(m, 'Thời gian thực hiện', '10/04/2025 08:00');
  await pickEnum(m, 'Công việc', 'Phun thuốc');
  await pickEnum(m, 'Thời tiết', 'Nhiều mây');
  await m.getByRole('button', { name: 'Thêm vật tư' }).click();
  await m.getByLabel('Tên vật tư').fill('Regent 800WG');
  await m.getByLabel('Hoạt chất').fill('Fipronil');
  await m.getByLabel('Lượng dùng').fill('0,5');
  await m.getByLabel('Đơn vị').fill('kg');
  await m.getByLabel('Thời gian cách ly (ngày)').fill('7');
  await m.getByLabel('Ghi chú').fill('Rệp sáp vượt ngưỡng, phun cục bộ');
  await expectAccessible(m);
  await m.screenshot({ path: 'test-results/culture-diary-phone-390.png', fullPage: true });
  await m.getByRole('button', { name: 'Lưu' }).click();
  await popup(m, 'Thêm mới thành công');

  // a harvest three days later is refused, naming the product and the safe day
  await m.goto('/admin/diaries/create');
  await pickRef(m, 'Lô sản xuất', batchCode);
  await pickRef(m, 'Công đoạn', 'Thu hái');
  await typeDateTime(m, 'Thời gian thực hiện', '13/04/2025 08:00');
  await pickEnum(m, 'Công việc', 'Thu hoạch');
  await m.getByRole('button', { name: 'Lưu' }).click();
  const refusal = 'Chưa hết thời gian cách ly của Regent 800WG (7 ngày): chỉ được thu hoạch từ ngày 17/04/2025';
  await expect(m.locator('.ant-form-item-explain-error', { hasText: refusal })).toBeVisible();
  await expectAccessible(m);
  // on the safe day it is recorded
  await typeDateTime(m, 'Thời gian thực hiện', '17/04/2025 08:00');
  await m.getByRole('button', { name: 'Lưu' }).click();
  await popup(m, 'Thêm mới thành công');

  // the batch's timeline: planned from planting + durations, actual from the diaries, late marked
  const list = await (await request.get('/api/admin/batches', { headers, params: { search: batchCode } })).json();
  await m.goto(`/admin/culture/batches/${list.data.entries[0].id}/detail`);
  await expect(m.getByTestId('safe-harvest')).toContainText('Ngày thu hoạch an toàn sớm nhất: 17/04/2025');
  const items = m.getByTestId('timeline-stage');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toContainText('Kế hoạch: 11/03/2025 – 09/04/2025 (30 ngày)');
  await expect(items.nth(1)).toContainText('Thực tế: 10/04/2025 · 1 nhật ký');
  await expect(items.nth(1)).toContainText('Trễ kế hoạch');
  await expect(items.nth(2)).toContainText('Thực tế: 17/04/2025 · 1 nhật ký');
  await expect(m.getByText('Regent 800WG', { exact: true })).toBeVisible();
  await expectAccessible(m);
  await m.screenshot({ path: 'test-results/culture-batch-phone-390.png', fullPage: true });
  await phone.close();
});
