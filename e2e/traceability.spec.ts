import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { crop, decodeQr, renderPdf } from '../apps/api/test/pdf-qr';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, popup } from './helpers';

/**
 * Issue 14 part A through the real screens: a trace that fills itself from its batch, a run of 20
 * stamps issued from the form, the layout designed with its live preview, 2 lines printed, the PDF
 * opened and one QR decoded to its stamp's page, and the print in the stamp statistics.
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
  await box.click({ force: true });
  await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

test('traceability: trace from a batch, issue 20 stamps, design the layout, print 2 lines, decode a QR, see the statistics', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const province = await post(request, token, '/api/admin/provinces', { code: `P${stamp}`.slice(0, 10), name: `Tỉnh thử ${stamp}` });
  const ward = await post(request, token, '/api/admin/wards', { code: `W${stamp}`.slice(0, 10), name: `Xã Xuân Thọ ${stamp}`, province_id: province.id });
  const producer = await post(request, token, '/api/admin/manufactures', { code: `CSSX-${stamp}`, name: `HTX Hồng treo gió ${stamp}`, ward_id: ward.id });
  const product = await post(request, token, '/api/admin/products', { code: `SP-${stamp}`, name: `Hồng treo gió ${stamp}`, manufacture_id: producer.id });
  const batch = await post(request, token, '/api/admin/batches', {
    code: `LO-${stamp}`,
    product_id: product.id,
    manufacture_id: producer.id,
    planting_date: '2025-03-01T00:00:00Z',
  });
  await withSession(page, request, ADMIN);

  // 1. a trace: choosing the batch fills product and producer
  await page.goto('/admin/origin/traces/create');
  await expect(page.getByLabel('Mã truy xuất')).toBeVisible();
  await page.getByLabel('Mã truy xuất').fill(`TX-${stamp}`);
  await pickRef(page, 'Lô sản xuất', batch.code);
  await expect(page.locator(`.ant-select-selection-item[title="${product.name}"]`)).toBeVisible();
  await expect(page.locator(`.ant-select-selection-item[title="${producer.name}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Thêm nhà phân phối' }).click();
  await page.getByLabel('Tên nhà phân phối 1').fill('Cửa hàng Đặc sản Đà Lạt Xanh');
  await page.getByLabel('Số điện thoại nhà phân phối 1').fill('0263 3822 123');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/trace-form-1366.png' });
  await page.getByRole('button', { name: 'Lưu' }).click();
  await popup(page, /thành công/);
  await expect(page.getByRole('cell', { name: `TX-${stamp}` })).toBeVisible();
  const saved = (await (await request.get('/api/admin/traces', { headers, params: { search: `TX-${stamp}` } })).json()).data.entries[0];
  expect([saved.product_id, saved.manufacture_id]).toEqual([product.id, producer.id]);
  expect(saved.distributors).toHaveLength(1);
  expect(saved.distributors[0]).toMatchObject({ name: 'Cửa hàng Đặc sản Đà Lạt Xanh', phone: '02633822123' });
  await page.screenshot({ path: 'test-results/traces-list-1366.png' });

  // 2. a run of 20 stamps from the form
  await page.goto('/admin/general/stamps');
  await page.getByRole('button', { name: 'Phát hành đợt tem' }).click();
  await expect(page).toHaveURL(/\/admin\/general\/stamps\/create$/);
  await page.getByLabel('Tên đợt tem').fill(`Đợt tem ${stamp}`);
  await pickRef(page, 'Sản phẩm', product.name);
  await pickRef(page, 'Hồ sơ truy xuất', `TX-${stamp}`);
  await page.getByLabel('Số lượng tem').fill('20');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lưu' }).click();
  await popup(page, /Đã phát hành đợt tem|thành công/);
  const row = page.locator('tr', { hasText: `Đợt tem ${stamp}` });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/stamps-list-1366.png' });
  await row.getByRole('link', { name: 'Xem chi tiết' }).click();
  await expect(page).toHaveURL(/\/admin\/general\/stamps\/\d+\/detail$/);
  const runId = Number(page.url().match(/stamps\/(\d+)\/detail/)?.[1]);

  // 3. the designer: the preview follows the numbers
  const preview = page.getByTestId('stamp-preview');
  await expect(preview).toHaveAttribute('width', String(50 * 5));
  await page.getByLabel('Chiều rộng tem (mm)').fill('60');
  await expect(preview).toHaveAttribute('width', String(60 * 5));
  await page.getByLabel('Số tem mỗi dòng').fill('2');
  await page.getByRole('button', { name: 'Thêm thuộc tính' }).click();
  await page.getByLabel('Dòng 1').fill('Đặc sản Đà Lạt');
  await expect(preview.getByText('Đặc sản Đà Lạt')).toBeVisible();
  // a name longer than the stamp is cut with an ellipsis at its edge, as the PDF sheet cuts it
  const name = preview.locator('text', { hasText: product.name.slice(0, 6) });
  await expect(name).toBeVisible();
  expect(product.name.startsWith(((await name.textContent()) ?? '').replace(/…$/, ''))).toBe(true);
  await expectAccessible(page);
  await preview.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await preview.screenshot({ path: 'test-results/stamp-preview.png' });
  await page.screenshot({ path: 'test-results/stamp-designer-1366.png' });

  // 4. print 2 lines, open the PDF, decode the first QR
  await page.getByLabel('Số dòng in').fill('2');
  const opened = page.waitForEvent('popup').catch(() => null);
  await page.getByRole('button', { name: 'In tem' }).click();
  await popup(page, 'Đã tạo xong tờ in tem');
  await (await opened)?.close();
  const href = await page.getByTestId('stamp-pdf-link').getAttribute('href');
  expect(href).toMatch(/\/api\/stamp-sheets\/[A-Za-z0-9_-]+\/tem-.*\.pdf$/);
  const pdf = await request.get(href as string);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const pages = renderPdf(await pdf.body());
  const codes = (await (await request.get(`/api/admin/stamps/${runId}/codes`, { headers, params: { limit: '20' } })).json()).data.entries;
  expect(codes.filter((c: { status: string }) => c.status === 'printed')).toHaveLength(4);
  const url = decodeQr(crop(pages[0], { x: 62, y: 0, w: 60, h: 30 }));
  expect(url).toBe(`${new URL(page.url()).origin}/truy-xuat/${codes[1].code}`);
  await page.getByRole('tab', { name: 'Danh sách mã tem' }).click();
  await expect(page.getByRole('cell', { name: codes[1].code })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/stamp-codes-1366.png' });

  await page.getByRole('tab', { name: 'Lịch sử in' }).click();
  await expect(page.getByRole('link', { name: 'Mở lại' })).toHaveCount(1);
  await expectAccessible(page);

  // 5. the stamp statistics show the print
  await page.goto('/admin/origin/stamp-statistics');
  await pickRef(page, 'Sản phẩm', product.name);
  const job = page.locator('tr', { hasText: `Đợt tem ${stamp}` });
  await expect(job).toHaveCount(1);
  await expect(job.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await expect(page.locator('tr', { hasText: product.name }).first()).toContainText('20');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/stamp-statistics-1366.png' });
});

test('a run of 6,000 stamps is issued in the background: the list shows it at once, a notice says so until the job ends, then the list refreshes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const big = `${stamp}B`;
  const province = await post(request, token, '/api/admin/provinces', { code: `P${big}`.slice(0, 10), name: `Tỉnh lớn ${big}` });
  const ward = await post(request, token, '/api/admin/wards', { code: `W${big}`.slice(0, 10), name: `Xã Tà Nung ${big}`, province_id: province.id });
  const producer = await post(request, token, '/api/admin/manufactures', { code: `CSSX-${big}`, name: `HTX Cà phê ${big}`, ward_id: ward.id });
  const product = await post(request, token, '/api/admin/products', { code: `SP-${big}`, name: `Cà phê Cầu Đất ${big}`, manufacture_id: producer.id });
  await withSession(page, request, ADMIN);

  await page.goto('/admin/general/stamps/create');
  await page.getByLabel('Tên đợt tem').fill(`Đợt lớn ${big}`);
  await pickRef(page, 'Sản phẩm', product.name);
  await page.getByLabel('Số lượng tem').fill('6000');
  // the screen's notices (bottom right); the owner's notification (top right) says it too
  const waiting = page.getByTestId('notice-main').filter({ hasText: 'Đang phát hành 6.000 tem trong nền…' });
  const done = page.getByTestId('notice-main').filter({ hasText: 'Đã phát hành xong 6.000 tem' });
  // watched from the click on: a quick job's notices may come and go while the list loads
  const waitingShown = waiting.waitFor({ state: 'visible', timeout: 60_000 });
  const doneShown = done.waitFor({ state: 'visible', timeout: 150_000 });
  await page.getByRole('button', { name: 'Lưu' }).click();
  // the form leaves for the list; the notice stays while the job writes the codes
  await expect(page).toHaveURL(/\/admin\/general\/stamps$/);
  await waitingShown;
  const row = page.locator('tr', { hasText: `Đợt lớn ${big}` });
  await expect(row).toHaveCount(1);
  // done: the waiting notice is gone, the list was read again
  await doneShown;
  await expect(waiting).toBeHidden();
  await expect(row).toContainText('Đã phát hành');
  await expectAccessible(page);
  const runs = (await (await request.get('/api/admin/stamps', { headers: { authorization: `Bearer ${token}` }, params: { search: big } })).json()).data.entries;
  expect(runs.map((r: { status: string; quantity: number }) => [r.status, r.quantity])).toEqual([['issued', 6000]]);

  // the job is listed in 'Tác vụ' with a link to the run instead of a download
  await page.goto('/admin/jobs');
  const job = page.locator('tr', { hasText: `Đợt lớn ${big}` });
  await expect(job).toContainText('Hoàn thành');
  await job.getByRole('link', { name: 'Xem đợt tem' }).click();
  await expect(page).toHaveURL(/\/admin\/general\/stamps\/\d+\/detail$/);
});
