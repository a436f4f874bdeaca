import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { signInWithForm } from './helpers';

/**
 * Issue 28 §2: the demo producer's account `htx.caphe` is tied to 'Hợp tác xã Cà phê Phú Hội' and its
 * lists hold that producer's records only, not those of 'Hợp tác xã Nông nghiệp Rau an toàn Đức Trọng'
 * in the same ward (demo data of global-setup, SEED_DEMO=yes).
 */
const PRODUCER = { username: 'htx.caphe', password: 'NongNghiep@2026' };
const OWN = 'Hợp tác xã Cà phê Phú Hội';
const NEIGHBOUR = 'Hợp tác xã Nông nghiệp Rau an toàn Đức Trọng';

test('htx.caphe signs in and sees only its producer’s lists', async ({ page }) => {
  await page.goto('/auth/login');
  await signInWithForm(page, PRODUCER);
  await expect(page).toHaveURL(/\/admin\/home$/);

  await page.goto('/admin/manufactures');
  await expect(page.locator('tbody tr', { hasText: OWN })).toHaveCount(1);
  await expect(page.locator('tbody tr', { hasText: NEIGHBOUR })).toHaveCount(0);
  await expect(page.getByText('Công ty TNHH Dâu tây Lâm Viên')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/admin/products');
  await expect(page.locator('tbody tr', { hasText: 'Cà phê Robusta rang xay Phú Hội 500 g' })).toHaveCount(1);
  await expect(page.locator('tbody tr', { hasText: 'Cà chua beef Đức Trọng' })).toHaveCount(0);
  await expect(page.locator('tbody tr', { hasText: 'Trà atiso Đà Lạt' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/e2e/producer-scope-products.png', fullPage: true });

  // the batches list: every row is one of its producer's
  await page.goto('/admin/culture/batches');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/Đức Trọng \(thùng|atiso|Cá tầm|Hồng treo gió|Dâu tây/i);
  await expectAccessible(page);
});
