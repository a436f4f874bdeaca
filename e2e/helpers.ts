import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@12345' };

/** Signs in through the API as admin and returns the token. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  return env.data.token as string;
}

/** Creates (once per run) a role and a user holding only the given permissions; returns the credentials. */
export async function userWith(request: APIRequestContext, perms: string[], tag = Date.now().toString(36)) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const permissions = perms.map((p) => ({ action: p.split(':')[0], subject: p.split(':')[1] }));
  const role = await (await request.post('/api/admin/roles', { headers, data: { name: `Vai trò e2e ${tag}`, permissions } })).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const creds = { username: `canbo_${tag}`, password: 'ThuNghiem#2026' };
  const user = await (
    await request.post('/api/admin/users', {
      headers,
      data: { ...creds, full_name: `Cán bộ ${tag}`, role_id: role.data.entry.id, scope: 'all', status: 'active' },
    })
  ).json();
  expect(user.code, JSON.stringify(user)).toBe(200);
  return creds;
}

/** Signs in through the login form. */
export async function signInWithForm(page: Page, creds: { username: string; password: string }) {
  await page.getByLabel('Tên đăng nhập').fill(creds.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(creds.password);
  await page.locator('button[type=submit]').click();
}

/** Deletes a list row through its 'Xóa' button and the 'Đồng ý!' confirm; the list (or the search) is then empty. */
export async function deleteRowWithConfirm(page: Page, row: Locator, name: string) {
  await row.getByRole('button', { name: 'Xóa' }).click();
  await expect(page.getByText(`Bạn có chắc muốn xóa “${name}”?`)).toBeVisible();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Xóa thành công' })).toBeVisible();
  await expect(row).toHaveCount(0);
  // an empty list says so; an empty search result repeats the search (issue 18)
  await expect(page.getByText(/^(Không có dữ liệu|Không tìm thấy kết quả cho “.+”)$/).first()).toBeVisible();
}

/** A confirm popup ('Thêm mới thành công'…): waits for it and answers 'Đồng ý!'. */
export async function popup(page: Page, message: string | RegExp) {
  const title = page.locator('.ant-modal-confirm-title', { hasText: message });
  await expect(title).toBeVisible();
  // a confirm just answered may still be fading out beside this one
  const ok = page.locator('.ant-modal-confirm', { has: title }).getByRole('button', { name: 'Đồng ý!', exact: true });
  await ok.click();
  await expect(ok).toBeHidden();
}

/** An antd enum select on a phone: its list may close again while the form settles, so open and choose until chosen. */
export async function pickEnum(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  const item = box.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').locator('.ant-select-selection-item');
  await expect(async () => {
    await box.evaluate((e) => e.scrollIntoView({ block: 'center' })); // above the phone's sticky Lưu bar
    await box.click({ force: true });
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click({ timeout: 2000 });
    await expect(item).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
