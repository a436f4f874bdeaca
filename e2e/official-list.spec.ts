import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, signInWithForm, userWith } from './helpers';

/**
 * Issue 29.10: the dry run of a newer official list of administrative units. Only the dry run here:
 * applying it would change the units the other specs of this server stand on (the API tests apply it).
 */
test('official list: the dry run shows the code correction 23737 → 23938 and writes nothing', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const ward = async (code: string) =>
    (await (await request.get('/api/admin/wards', { headers, params: { search: code, limit: '5' } })).json()).data.entries.filter(
      (e: { code: string }) => e.code === code,
    );
  expect(await ward('23737')).toHaveLength(1);

  const officer = await userWith(request, [
    'list:administrative_areas',
    'read:administrative_areas',
    'update:administrative_areas',
    'menu:administrative_areas',
  ]);
  await page.goto('/admin/areas/provinces');
  await signInWithForm(page, officer);
  await page.getByRole('button', { name: 'Cập nhật danh mục chính thức' }).click();
  await expect(page).toHaveURL(/\/admin\/areas\/official-list$/);
  await expect(page.getByRole('heading', { name: 'Cập nhật danh mục ĐVHC chính thức' })).toBeVisible();
  await expect(page.getByText('Danh mục ngày 07/12/2026')).toBeVisible();
  // nothing to apply before a dry run
  await expect(page.getByRole('button', { name: 'Áp dụng' })).toBeDisabled();

  await page.getByRole('button', { name: 'Xem trước thay đổi' }).click();
  await expect(page.getByText('Kết quả chạy thử (chưa ghi dữ liệu)')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Xã Ia Mơ' });
  await expect(row).toContainText('Đổi mã');
  await expect(row).toContainText('23737');
  await expect(row).toContainText('23938');
  await expect(page.getByLabel('Tổng hợp thay đổi')).toContainText('Đổi mã: 1');
  await expect(page.getByRole('button', { name: 'Áp dụng' })).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/official-list-dry-run.png', fullPage: true });

  // a dry run writes nothing
  expect(await ward('23737')).toHaveLength(1);
  expect(await ward('23938')).toHaveLength(0);
});
