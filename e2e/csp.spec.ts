import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, signInWithForm } from './helpers';

/** Issue 12.5: the admin app runs under its Content-Security-Policy with no violation. */

function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy/i.test(e.message)) seen.push(e.message);
  });
  return seen;
}

test('sign-in, home, the live channel, lists, forms and the map load with no CSP violation', async ({ page }) => {
  const violations = watchViolations(page);
  const first = await page.goto('/auth/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  for (const url of ['/admin/system/logs', '/admin/users', '/admin/products/create', '/admin/material-areas/create']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle').catch(() => {});
  }
  const map = page.getByTestId('map');
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
  // the map's controls and the form around it are named
  await expectAccessible(page);
});
