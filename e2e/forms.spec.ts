import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, signInWithForm, userWith } from './helpers';

/**
 * Issue 18, items 1 and 7: a refused save keeps the form (403: the message above the buttons; 400: under
 * its field, which gets the focus); an administrator requires a new password at next sign-in, and
 * nothing else opens until it is changed.
 */

async function signIn(page: Page, creds: { username: string; password: string }) {
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
}

/** Creates a ward-scoped user holding `perms` through the API; returns its credentials and id. */
async function wardUser(request: APIRequestContext, headers: Record<string, string>, wardId: number, perms: string[], tag: string) {
  const permissions = perms.map((p) => ({ action: p.split(':')[0], subject: p.split(':')[1] }));
  const role = await (await request.post('/api/admin/roles', { headers, data: { name: `Vai trò ${tag}`, permissions } })).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const creds = { username: `pw_${tag}`, password: 'ThuNghiem#2026' };
  const user = await (
    await request.post('/api/admin/users', {
      headers,
      data: { ...creds, full_name: `Cán bộ ${tag}`, role_id: role.data.entry.id, scope: 'ward', ward_id: wardId, status: 'active' },
    })
  ).json();
  expect(user.code, JSON.stringify(user)).toBe(200);
  return { ...creds, id: user.data.entry.id as number };
}

test('a save refused with 403 keeps everything typed and shows the message on the form', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const wards = await (await request.get('/api/admin/wards', { headers, params: { limit: 1 } })).json();
  const wardId = wards.data.entries[0].id as number;
  // a ward officer who may edit accounts of their ward, and a colleague holding a right the officer lacks
  const officer = await wardUser(
    request,
    headers,
    wardId,
    ['menu:users', 'list:users', 'read:users', 'update:users', 'list:roles', 'list:administrative_areas'],
    `sua${stamp}`,
  );
  const stronger = await wardUser(request, headers, wardId, ['menu:users', 'list:users', 'delete:users'], `manh${stamp}`);

  await signIn(page, officer);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto(`/admin/general/users/${stronger.id}/edit`);
  await expect(page.getByLabel('Họ và tên')).toHaveValue(`Cán bộ manh${stamp}`);
  await expectAccessible(page);
  await page.getByLabel('Họ và tên').fill('Nguyễn Văn Mạnh');
  await page.getByLabel('Số điện thoại').fill('0912345678');
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/users/${stronger.id}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  expect((await answer).status()).toBe(403);
  const alert = page.getByRole('alert').filter({ hasText: 'Chưa lưu được' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Bạn không thể thay đổi tài khoản có nhiều quyền hơn bạn');
  // still on the form, with what was typed
  await expect(page).toHaveURL(new RegExp(`/users/${stronger.id}/edit$`));
  await expect(page.getByLabel('Họ và tên')).toHaveValue('Nguyễn Văn Mạnh');
  await expect(page.getByLabel('Số điện thoại')).toHaveValue('0912345678');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/form-refused-403.png' });
});

test('a 400 from the server puts its message under the field and focuses it (a guessable password)', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/general/users/create');
  await expect(page.getByLabel('Tên đăng nhập')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Tên đăng nhập').fill(`yeu.${stamp}`);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('anhyeuem123');
  // the meter already says so while typing
  await expect(page.locator('.nns-password-meter')).toContainText('Độ mạnh mật khẩu: Yếu');
  await page.getByLabel('Họ và tên').fill('Phạm Thu Hà');
  await page.getByRole('combobox', { name: 'Phạm vi dữ liệu' }).click({ force: true });
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Toàn hệ thống' }).click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/users') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  expect((await answer).status()).toBe(400);
  const password = page.getByLabel('Mật khẩu', { exact: true });
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Mật khẩu quá dễ đoán' })).toBeVisible();
  await expect(password).toBeFocused();
  await expect(page.getByLabel('Họ và tên')).toHaveValue('Phạm Thu Hà');
  await expect(page).toHaveURL(/\/users\/create$/);
  await expectAccessible(page);
  // the role picker never offers more than the user may give; admin may give the administrators' role
  await page.getByRole('combobox', { name: 'Vai trò' }).click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'Quản trị hệ thống' })).toBeVisible();
});

test('an administrator requires a new password: after sign-in only the change screen opens, until it is changed', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const creds = await userWith(request, ['menu:product_units', 'list:product_units'], `doimk${stamp}`);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const found = await (await request.get('/api/admin/users', { headers, params: { search: creds.username } })).json();
  const id = found.data.entries[0].id;
  const set = await (await request.put(`/api/admin/users/${id}`, { headers, data: { must_change_password: true } })).json();
  expect(set.code, JSON.stringify(set)).toBe(200);

  await signIn(page, creds);
  await expect(page).toHaveURL(/\/admin\/profile\?tab=change-password$/);
  await expect(page.getByText('Bạn cần đổi mật khẩu trước khi tiếp tục').first()).toBeVisible();
  await expectAccessible(page);
  // another screen answers 403 with must_change_password: back to the change screen
  await page.goto('/admin/system/product-units');
  await expect(page).toHaveURL(/\/admin\/profile\?tab=change-password$/);

  await page.getByLabel('Mật khẩu hiện tại').fill(creds.password);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('12345678');
  await expect(page.locator('.nns-password-meter')).toContainText('Yếu');
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Ruong-Bac-Thang#2026');
  await expect(page.locator('.nns-password-meter')).toContainText('Mạnh');
  await expectAccessible(page);
  await page.getByLabel('Nhập lại mật khẩu mới').fill('Ruong-Bac-Thang#2026');
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Đổi mật khẩu thành công' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/system/product-units');
  await expect(page).toHaveURL(/\/admin\/system\/product-units$/);
  await expect(page.getByRole('columnheader', { name: 'STT' })).toBeVisible();
  await expectAccessible(page);
});
