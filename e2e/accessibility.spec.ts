import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, signInWithForm } from './helpers';

/** Screens the other specs do not open, each checked with axe-core as the administrator sees it. */
const SCREENS: [string, string][] = [
  ['/admin/products', 'Sản phẩm'],
  ['/admin/products/create', 'Thêm sản phẩm'],
  ['/admin/material-areas/create', 'Thêm vùng nguyên liệu'],
  ['/admin/general/users', 'Người dùng'],
  ['/admin/general/users/create', 'Thêm người dùng'],
  ['/admin/roles', 'Vai trò'],
  ['/admin/system/permissions', 'Phân quyền'],
  ['/admin/areas/provinces', 'Tỉnh/thành phố'],
  ['/admin/general/users/1/detail', 'Chi tiết người dùng'],
];

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`no serious or critical accessibility problem on the main screens at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/auth/login');
    await signInWithForm(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/home$/);
    for (const [url, title] of SCREENS) {
      await page.goto(url);
      await expect(page).toHaveTitle(`${title} · Nông nghiệp số`);
      await expect(page.locator('.ant-card, .ant-table, form').first()).toBeVisible();
      await expect(page.getByText('Đang tải...')).toHaveCount(0);
      await expectAccessible(page);
    }
  });
}
