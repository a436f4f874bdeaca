import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, signInWithForm } from './helpers';

/**
 * The forgotten-password flow of spec §2 through its screens: /auth/forget-password → /auth/check-email
 * → the link of the mail → /auth/reset-password → sign in with the new password. The e2e server runs
 * without SMTP_URL, so the mail is kept in the outbox and read through GET /api/admin/system/outbox.
 */

async function outboxLink(request: APIRequestContext, token: string, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const env = await (await request.get('/api/admin/system/outbox', { headers: { authorization: `Bearer ${token}` }, params: { to } })).json();
        expect(env.code, JSON.stringify(env)).toBe(200);
        const text: string = env.data.entries[0]?.text ?? '';
        link = /(https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
        return link;
      },
      { message: `a reset mail to ${to} in the outbox`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

test('forgotten password: request, the mail’s link, a new password, sign in with it', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const user = { username: `quenmk_${stamp}`, password: 'MatKhauCu@2025', email: `quen.mk.${stamp}@example.vn` };
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const roles = await (await request.get('/api/admin/roles', { headers, params: { limit: 1 } })).json();
  const created = await (
    await request.post('/api/admin/users', {
      headers,
      data: { ...user, full_name: 'Lê Thị Quên', role_id: roles.data.entries[0].id, scope: 'all', status: 'active' },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);

  // step 1: the request, from the sign-in page's link
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
  await expect(page).toHaveURL(/\/auth\/forget-password$/);
  await expect(page.getByRole('heading', { name: 'Quên mật khẩu' })).toBeVisible();
  await expect(page).toHaveTitle('Quên mật khẩu · Nông nghiệp số');
  await expectAccessible(page);
  await page.getByLabel('Email').fill('khong-phai-email');
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(page.getByText('Email không đúng định dạng')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();

  // step 2: the same answer whether or not the address exists
  await expect(page).toHaveURL(/\/auth\/check-email$/);
  await expect(page.getByText('Vui lòng kiểm tra email')).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expectAccessible(page);

  // step 3: the link of the mail
  const link = await outboxLink(request, token, user.email);
  expect(new URL(link).pathname).toBe('/auth/reset-password');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Đặt lại mật khẩu' })).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('MatKhauMoi@2025');
  await page.getByLabel('Nhập lại mật khẩu mới').fill('MatKhauKhac@2025');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu nhập lại không khớp')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nhập lại mật khẩu mới').fill('MatKhauMoi@2025');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.locator('.ant-modal-confirm-success')).toBeVisible();
  await page.getByRole('button', { name: 'Đồng ý!' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // the old password no longer works, the new one does
  await signInWithForm(page, user);
  await expect(page.getByTestId('login-error')).toContainText('Tên đăng nhập hoặc mật khẩu không đúng');
  await signInWithForm(page, { username: user.username, password: 'MatKhauMoi@2025' });
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: /Xin chào, Lê Thị Quên/ })).toBeVisible();

  // the link worked once
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Không thể đặt lại mật khẩu')).toBeVisible();
  await expectAccessible(page);
});
