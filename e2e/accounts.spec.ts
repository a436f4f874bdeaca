import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, signInWithForm, userWith } from './helpers';

/**
 * Issue 4: an administrator builds a role with only the products permissions in the matrix, creates a
 * user with it; that user sees only the allowed menu, meets the 403 screen on a forbidden URL, and is
 * sent back to the sign-in page at the next click once locked from another session.
 */

async function saved(page: Page, message: string) {
  // the popup and the list screen load lazily: allow a slow, busy machine
  await expect(page.locator('.ant-modal-confirm-title', { hasText: message })).toBeVisible({ timeout: 30_000 });
  const ok = page.getByRole('button', { name: 'Đồng ý!', exact: true });
  await ok.click();
  await expect(ok).toBeHidden();
}

/**
 * After a change made in another session: the live channel (core/realtime.ts) usually moves the page
 * by itself; when it has not (yet), the next click on the list's reload button does.
 */
async function nextClick(page: Page) {
  await page
    .getByRole('button', { name: 'Tải lại' })
    .click({ timeout: 3000 })
    .catch(() => {});
}

async function pickRef(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** A plain select (an enum): open it and click the option in the open dropdown. */
async function pickOption(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).click({ force: true }); // the chosen value's label lies over the input
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
  // the dropdown closes (with its animation) before the next field is used
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

test('a role with only the products permissions, a user holding it, the menu, 403, and a lock from another session', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const roleName = `Cán bộ sản phẩm ${stamp}`;
  // two sign-ins, two forms, a lock and an axe-core check of each screen: more than the default 90 s on a busy machine
  test.slow();
  const user = { username: `sanpham.${stamp}`, password: 'SanPham@2026' };

  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);

  // the role, with the whole 'Sản phẩm' row of the matrix
  await page.goto('/admin/roles/create');
  await page.getByLabel('Tên vai trò').fill(roleName);
  await page.getByLabel('Giá gói (VNĐ)').fill('1500000');
  await page.getByRole('checkbox', { name: 'Chọn cả hàng Sản phẩm', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Xem danh sách – Sản phẩm', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Xem danh sách – Người dùng', exact: true })).not.toBeChecked();
  await expect(page.getByText('Phân quyền (8 quyền)')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await saved(page, 'Thêm mới thành công');
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await page.getByLabel('Tìm kiếm').fill(roleName);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await expect(page.getByRole('cell', { name: roleName })).toBeVisible();
  await expectAccessible(page);

  // the user, with that role
  await page.goto('/admin/general/users/create');
  await page.getByLabel('Tên đăng nhập').fill(user.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(user.password);
  await page.getByLabel('Họ và tên').fill('Trương Thị Mai');
  await page.getByLabel('Email').fill(`mai.${stamp}@example.vn`);
  await page.getByLabel('Số điện thoại').fill('0912345678');
  await pickRef(page, 'Vai trò', roleName);
  // the scope is chosen explicitly; its pickers follow it (a ward only for scope 'Một phường/xã')
  await expect(page.getByRole('combobox', { name: 'Phường/xã' })).toHaveCount(0);
  await pickOption(page, 'Phạm vi dữ liệu', 'Một phường/xã');
  await expect(page.getByRole('combobox', { name: 'Phường/xã' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tỉnh/thành phố' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/users-form-scope.png' });
  await pickOption(page, 'Phạm vi dữ liệu', 'Toàn hệ thống');
  await expect(page.getByRole('combobox', { name: 'Phường/xã' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await saved(page, 'Thêm mới thành công');
  await expect(page).toHaveURL(/\/admin\/general\/users$/);

  // sign out, sign in as that user
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInWithForm(page, user);
  // an explicit sign-out leaves no page to return to: the next user starts at home
  await expect(page).toHaveURL(/\/admin\/home$/);

  const menu = page.getByRole('menu');
  await expect(menu.locator('.ant-menu-submenu')).toHaveCount(1);
  await expect(menu.getByText('Cơ sở sản xuất và sản phẩm')).toBeVisible();
  await menu.getByText('Cơ sở sản xuất và sản phẩm').click();
  await expect(menu.getByText('Sản phẩm', { exact: true })).toBeVisible();
  await expect(menu.getByText('Tài khoản và phân quyền')).toHaveCount(0);
  await expect(menu.getByText('Cơ sở sản xuất', { exact: true })).toHaveCount(0);
  await menu.getByText('Sản phẩm', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  // a forbidden URL
  await page.goto('/admin/general/users');
  await expect(page).toHaveURL(/\/admin\/errors\/403$/);
  await expect(page.getByText('Không có quyền truy cập').first()).toBeVisible();
  await expectAccessible(page);

  // locked by the administrator from another session: the next click returns to the sign-in page
  await page.goto('/admin/products');
  await expect(page.getByRole('columnheader', { name: 'STT' })).toBeVisible();
  await expectAccessible(page);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const found = await (await request.get('/api/admin/users', { headers, params: { search: user.username } })).json();
  const id = found.data.entries[0].id;
  const locked = await (await request.put(`/api/admin/users/change-status/${id}`, { headers, data: { status: 'locked' } })).json();
  expect(locked.code, JSON.stringify(locked)).toBe(200);
  await nextClick(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInWithForm(page, user);
  await expect(page.getByTestId('login-error')).toContainText('Tài khoản đã bị khóa');
  await expectAccessible(page);
});

test('a body code 403 from the users list sends to the 403 screen once the role loses the permission', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const creds = await userWith(request, ['menu:users', 'list:users', 'read:users'], `u403${stamp}`);
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/general/users');
  await expect(page.getByRole('cell', { name: creds.username })).toBeVisible();
  // the administrator empties the role in another session; the screen still thinks it may list users
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const roles = await (await request.get('/api/admin/roles', { headers, params: { search: `Vai trò e2e u403${stamp}` } })).json();
  const roleId = roles.data.entries[0].id;
  const put = await (
    await request.put(`/api/admin/roles/${roleId}/permissions`, { headers, data: { permissions: [{ action: 'read', subject: 'users' }] } })
  ).json();
  expect(put.code, JSON.stringify(put)).toBe(200);
  await nextClick(page);
  await expect(page).toHaveURL(/\/admin\/errors\/403$/);
  await expect(page.getByText('Không có quyền truy cập').first()).toBeVisible();
});

test('a role editor without list:permissions opens the role form with its matrix', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const creds = await userWith(request, ['menu:roles', 'list:roles', 'read:roles', 'create:roles', 'update:roles', 'list:products'], `vt${stamp}`);
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/roles/create');
  await expect(page.getByRole('checkbox', { name: 'Xem danh sách – Sản phẩm', exact: true })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Xóa – Sản phẩm', exact: true })).toBeDisabled();
  await expect(page).toHaveURL(/\/admin\/roles\/create$/);
});
