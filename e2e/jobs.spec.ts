import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN } from './helpers';

/**
 * Background jobs (issue 28 point 5): an export answers 202 with a job, the screen says 'đang chuẩn bị…'
 * and downloads the file once the job is done; the 'Tác vụ' screen, reached from the menu, lists it
 * with its 'Tải về' link.
 */
test.use({ viewport: { width: 1366, height: 768 } });

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  // the session the SPA keeps (apps/web/src/core/session.ts); signing in through the form is the shell's e2e
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

test('an export runs as a job: đang chuẩn bị…, the download, then the job on the Tác vụ screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/products');
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();

  const started = page.waitForResponse((r) => /\/api\/admin\/products\/[^/?]*export/.test(r.url()) && r.request().method() === 'GET');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  expect((await started).status()).toBe(202);
  await expect(page.locator('.ant-notification-notice', { hasText: 'đang chuẩn bị…' })).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

  const menu = page.getByRole('menu', { name: 'Menu chính' });
  await menu.getByRole('link', { name: 'Tác vụ', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page).toHaveTitle('Tác vụ · Nông nghiệp số');
  const row = page.locator('tbody tr.ant-table-row').first();
  await expect(row.getByText('Hoàn thành')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Tải về' })).toBeVisible();
  // the menu marks the entry of the screen shown
  await expect(menu.locator('.ant-menu-item-selected')).toHaveText('Tác vụ');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/jobs.png' });
});
