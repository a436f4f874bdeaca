import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, signInWithForm } from './helpers';

/**
 * Issue 18 items 3, 4 and 8 on a generic list: a column choice and the density follow the user across
 * a reload (kept on the server); a selection is deleted and restored in one request each; on a phone
 * the filters sit behind 'Bộ lọc'.
 */
const LIST = '/admin/system/manufacturing-forms';

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expectAccessible(page);
}

test('a column hidden and a density chosen survive a reload', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  await request.post('/api/admin/manufacturing-forms', { headers, data: { code: `CC-${stamp}`, name: `Hình thức cột ${stamp}` } });
  try {
    await signIn(page);
    await page.goto(LIST);
    const table = page.locator('.ant-table').first();
    await expect(page.getByRole('columnheader', { name: 'Thứ tự hiển thị' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tùy chỉnh hiển thị' }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/admin/me/preferences/') && r.request().method() === 'PUT');
    await page.getByRole('group', { name: 'Cột hiển thị' }).getByRole('checkbox', { name: 'Thứ tự hiển thị' }).uncheck();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('columnheader', { name: 'Thứ tự hiển thị' })).toHaveCount(0);
    const dense = page.waitForResponse((r) => r.url().includes('/api/admin/me/preferences/') && r.request().method() === 'PUT');
    await page.getByText('Gọn', { exact: true }).click();
    expect((await dense).status()).toBe(200);
    await expect(table).toHaveClass(/ant-table-small/);
    // the list settings, open
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Tên hình thức sản xuất' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Thứ tự hiển thị' })).toHaveCount(0);
    await expect(page.locator('.ant-table').first()).toHaveClass(/ant-table-small/);
    await expectAccessible(page);
  } finally {
    await request.put('/api/admin/me/preferences/list:manufacturing-forms', { headers, data: { value: null } });
  }
});

test('three chosen rows are deleted in one request, then restored from the trash', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  for (const i of [1, 2, 3]) {
    const r = await (
      await request.post('/api/admin/manufacturing-forms', { headers, data: { code: `HL-${stamp}-${i}`, name: `Hàng loạt ${stamp} ${i}` } })
    ).json();
    expect(r.code, JSON.stringify(r)).toBe(200);
  }
  await signIn(page);
  await page.goto(`${LIST}?search=${stamp}`);
  await expect(page.getByRole('cell', { name: `Hàng loạt ${stamp} 3` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Chọn tất cả' }).check();
  const bar = page.getByRole('region', { name: 'Thao tác với các bản ghi đã chọn' });
  await expect(bar.getByText('Đã chọn 3')).toBeVisible();
  // the bulk bar
  await expectAccessible(page);
  const bulk = page.waitForRequest((r) => r.url().endsWith('/api/admin/manufacturing-forms/bulk'));
  await bar.getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  expect((await bulk).postDataJSON()).toMatchObject({ action: 'delete' });
  await expect(page.locator('.ant-notification-notice', { hasText: 'Đã xóa 3/3' })).toBeVisible();
  await expect(page.getByText(`Không tìm thấy kết quả cho “${stamp}”`)).toBeVisible();

  await page.getByRole('button', { name: 'Thùng rác' }).click();
  await expect(page.getByRole('cell', { name: `Hàng loạt ${stamp} 1` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Chọn tất cả' }).check();
  await bar.getByRole('button', { name: 'Khôi phục' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Đã khôi phục 3/3' })).toBeVisible();
  await page.getByRole('button', { name: 'Quay lại danh sách' }).click();
  await expect(page.getByRole('cell', { name: `Hàng loạt ${stamp} 2` })).toBeVisible();
  await expectAccessible(page);
});

test('on a phone the filters open from a button, the name column stays in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(LIST);
  await expect(page.getByRole('combobox', { name: 'Hoạt động' })).toBeHidden();
  await page.getByRole('button', { name: 'Bộ lọc', exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByRole('combobox', { name: 'Hoạt động' })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: /Xem kết quả/ }).click();
  await expect(drawer).toBeHidden();
  // the first column is the name, fixed on the left
  await expect(page.locator('.ant-table-thead th.ant-table-cell-fix-left', { hasText: 'Tên hình thức sản xuất' })).toBeVisible();
  // nothing wider than the screen but the table's own scrolling body
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('a saved view brings its filters back and can be removed', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  try {
    await signIn(page);
    await page.goto(`${LIST}?is_active=false&sort=-name`);
    await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
    await page.getByRole('menuitem', { name: /Lưu bộ lọc hiện tại/ }).click();
    await page.getByRole('textbox', { name: 'Tên bộ lọc' }).fill('Đang tắt');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect(page.locator('.ant-notification-notice', { hasText: 'Đã lưu bộ lọc “Đang tắt”' })).toBeVisible();

    await page.goto(LIST);
    await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
    await page.getByRole('menuitem', { name: /Đang tắt/ }).click();
    await expect(page).toHaveURL(/is_active=false/);
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page.getByRole('button', { name: 'Bộ lọc đã lưu' })).toContainText('Đang tắt');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
    const removed = page.waitForResponse((r) => r.url().includes('/api/admin/me/preferences/') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Xóa bộ lọc “Đang tắt”' }).click();
    expect((await removed).status()).toBe(200);
    await expect(page.getByRole('menuitem', { name: /Đang tắt/ })).toHaveCount(0);
  } finally {
    await request.put('/api/admin/me/preferences/list:manufacturing-forms', { headers, data: { value: null } });
  }
});
