import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, signInWithForm } from './helpers';

/** Issue 11: a search of several words finds them in any order, without accents, the last one typed in part. */
test('list search: words in any order, without accents, last word in part', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  for (const name of [`Thùng cà phê sữa đá ${stamp}`, `Bao đường phèn ${stamp}`]) {
    const r = await (await request.post('/api/admin/product-units', { headers, data: { name, symbol: 'T' } })).json();
    expect(r.code, JSON.stringify(r)).toBe(200);
  }
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expectAccessible(page);
  await page.goto('/admin/system/product-units');
  const search = page.getByLabel('Tìm kiếm');
  await search.fill(`${stamp} sua ca phe thu`);
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: `Thùng cà phê sữa đá ${stamp}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Bao đường phèn ${stamp}` })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/e2e/search-words-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill(`duong phen ${stamp.slice(0, 4)}`);
  await search.press('Enter');
  await expect(page.getByText(`Bao đường phèn ${stamp}`).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/e2e/search-words-390.png' });
});
