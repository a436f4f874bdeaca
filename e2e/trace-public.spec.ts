import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 14 part B through a real server: a run of stamps on a demo batch's trace, one stamp's public
 * page opened on a 390×844 phone (a scan, the product, genuine, the position shared through the
 * browser's geolocation; reloaded several times it stays genuine), then the scan statistics screen at
 * 1366×768 counting it, with its chart.
 */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

test('public stamp page on a phone, then the scan statistics show the scan', async ({ page, request, browser }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const env = await (await request.get(url, { headers })).json();
    expect(env.code, JSON.stringify(env)).toBe(200);
    return env.data;
  };
  const post = async (url: string, data: unknown) => {
    const env = await (await request.post(url, { headers, data })).json();
    expect(env.code, JSON.stringify(env)).toBe(200);
    return env.data.entry;
  };
  const batch = (await get('/api/admin/batches?limit=1&sort=-planting_date')).entries[0];
  const code = `TX-E2E-${Date.now().toString(36).toUpperCase()}`;
  const trace = await post('/api/admin/traces', { code, batch_id: batch.id, product_id: batch.product_id, manufacture_id: batch.manufacture_id });
  const run = await post('/api/admin/stamps', { product_id: trace.product_id, trace_id: trace.id, quantity: 3 });
  const stamp = (await get(`/api/admin/stamps/${run.id}/codes?limit=1`)).entries[0];
  const product = (await get(`/api/admin/products/${trace.product_id}`)).entry;

  // the consumer agrees to share their position (Đà Lạt)
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_UA,
    locale: 'vi-VN',
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { latitude: 11.9404, longitude: 108.4583 },
  });
  const p = await phone.newPage();
  const res = await p.goto(`/truy-xuat/${stamp.code}`);
  expect(res?.status()).toBe(200);
  expect((await res!.body()).length).toBeLessThan(50 * 1024);
  await expect(p.getByRole('heading', { name: /Tem chính hãng/ })).toBeVisible();
  await expect(p.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(p.getByText(String(stamp.serial), { exact: true })).toBeVisible();
  await expect(p.getByText('Đây là lần quét đầu tiên.')).toBeVisible();
  // the consent button appears only with JavaScript (the page reads fine without it)
  await expect(p.getByRole('button', { name: 'Chia sẻ vị trí để xác thực thêm' })).toBeVisible();
  await p.getByRole('button', { name: 'Chia sẻ vị trí để xác thực thêm' }).click();
  await expect(p.getByText('Đã ghi nhận vị trí, cảm ơn bạn')).toBeVisible();
  // nothing wider than the phone
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await p.screenshot({ path: 'test-results/trace-public-phone.png', fullPage: true });
  // the consumer reloads the page again and again (issue 28 §1): one phone is one scanner, the stamp stays genuine
  for (let i = 0; i < 7; i++) {
    const again = await p.reload();
    expect(again?.status()).toBe(200);
  }
  await expect(p.getByRole('heading', { name: /Tem chính hãng/ })).toBeVisible();
  await expect(p.getByText('Đã được quét 8 lần trên 1 thiết bị', { exact: false })).toBeVisible();
  await expect(p.getByText(/dấu hiệu bị làm giả|nhiều người kiểm tra/)).toHaveCount(0);
  await p.screenshot({ path: 'test-results/trace-public-phone-reloaded.png', fullPage: true });
  await phone.close();

  const login = await (await request.post('/api/auth/login', { data: ADMIN })).json();
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: login.data.token, user: login.data.entry }));
  await page.goto(`/admin/origin/scan-statistics?product_id=${trace.product_id}`);
  await expect(page.getByRole('heading', { name: 'Thống kê lượt quét' }).or(page.getByText('Thống kê lượt quét').first())).toBeVisible();
  // eight page views (the reloads are views in the statistics, one scanner for the counterfeit signal)
  await expect(page.getByTestId('total-scans')).toContainText('8');
  await expect(page.getByRole('cell', { name: product.name })).toBeVisible();
  await expect(page.getByTestId('scans-chart').locator('svg')).toBeVisible();
  // the stamp statistics list no mark for it
  const marked = await get(`/api/admin/stamp-statistics/marked?product_id=${trace.product_id}`);
  expect(marked.entries.filter((e: { code: string }) => e.code === stamp.code)).toEqual([]);
  // the shared position is on the scan
  const located = await get(`/api/admin/scan-statistics/locations?product_id=${trace.product_id}`);
  expect(JSON.stringify(located)).toContain('11.9404');
  await page.screenshot({ path: 'test-results/scan-statistics.png', fullPage: true });
  await expectAccessible(page);
  // the stamp statistics screen has the marked stamps' list (none for this product)
  await page.goto(`/admin/origin/stamp-statistics`);
  await expect(page.getByTestId('marked-stamps')).toBeVisible();
  await expect(page.getByTestId('marked-stamps').getByText('Tem bị đánh dấu', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/stamp-statistics-marked.png', fullPage: true });
  await expectAccessible(page);
});
