import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminToken, signInWithForm } from './helpers';

/**
 * Issue 31: the screens named by the issue (the products list, a batch detail, the stamp statistics)
 * load through the typed client with every call answered 2xx and nothing on the console, at an
 * officer's 1366×768. Screenshots in test-results/shots/contract-*.png.
 */
test.use({ viewport: { width: 1366, height: 768 } });

function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.request().method()} ${r.url()} → ${r.status()}`);
  });
  return problems;
}

test('the products list, a batch detail and the stamp statistics load with no failed call', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const batch = (await (await request.get('/api/admin/batches', { headers, params: { limit: 1 } })).json()).data.entries[0];
  expect(batch, 'the demo data holds a batch').toBeTruthy();

  const problems = watch(page);
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);

  await page.goto('/admin/products');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/contract-products.png' });

  await page.goto(`/admin/culture/batches/${batch.id}/detail`);
  await expect(page.getByText(batch.code).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/contract-batch-detail.png', fullPage: true });

  await page.goto('/admin/origin/stamp-statistics');
  await expect(page.locator('.ant-card-head-title', { hasText: 'Thống kê tem' })).toBeVisible();
  await expect(page.getByText('Đã phát hành').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/shots/contract-stamp-statistics.png', fullPage: true });

  expect(problems).toEqual([]);
});
