import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, signInWithForm } from './helpers';

/**
 * The live channel (docs/realtime.md): a signed-in user's browser hears, without reloading, that an
 * administrator changed their role's permissions (top-right notice, the menu follows) and that their
 * account was locked (notice, then the sign-in page by itself).
 */
test('permissions changed and account locked reach the signed-in browser live', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const perms = (...keys: string[]) => keys.map((k) => ({ action: k.split(':')[0], subject: k.split(':')[1] }));
  const role = await (
    await request.post('/api/admin/roles', {
      headers,
      data: { name: `Vai trò trực tuyến ${stamp}`, permissions: perms('list:product_units', 'list:farming_forms') },
    })
  ).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const creds = { username: `tructuyen_${stamp}`, password: 'TrucTuyen@2026' };
  const created = await (
    await request.post('/api/admin/users', {
      headers,
      data: { ...creds, full_name: `Cán bộ trực tuyến ${stamp}`, role_id: role.data.entry.id, scope: 'all', status: 'active' },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);

  // the channel is up once the server answered the first message ('ready')
  const ready = page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'))
    .then(
      (ws) =>
        new Promise<string>((resolve) =>
          ws.on('framereceived', (f) => {
            if (String(f.payload).includes('"ready"')) resolve(ws.url());
          }),
        ),
    );
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  const url = await ready;
  expect(url).not.toContain('token');

  const menu = page.getByRole('menu');
  await menu.getByText('Danh mục hệ thống').click();
  await expect(menu.getByText('Đơn vị tính', { exact: true })).toBeVisible();
  await expect(menu.getByText('Hình thức canh tác', { exact: true })).toBeVisible();
  await expectAccessible(page);
  // a mark that a reload would wipe out
  await page.evaluate(() => {
    (window as unknown as { __kept: number }).__kept = 42;
  });

  // the administrator takes a permission away from the role
  const changed = await (
    await request.put(`/api/admin/roles/${role.data.entry.id}/permissions`, { headers, data: { permissions: perms('list:product_units') } })
  ).json();
  expect(changed.code, JSON.stringify(changed)).toBe(200);
  const notices = page.locator('.notice-socket');
  await expect(notices.filter({ hasText: 'Quyền của bạn vừa được cập nhật' })).toBeVisible();
  await expectAccessible(page);
  await expect(menu.getByText('Hình thức canh tác', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Đơn vị tính', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(42);
  await expect(page).toHaveURL(/\/admin\/home$/);

  // then locks the account
  const locked = await (await request.put(`/api/admin/users/change-status/${created.data.entry.id}`, { headers, data: { status: 'locked' } })).json();
  expect(locked.code, JSON.stringify(locked)).toBe(200);
  await expect(notices.filter({ hasText: 'Phiên đăng nhập đã kết thúc' })).toBeVisible();
  await expect(notices.filter({ hasText: 'Tài khoản của bạn đã bị khóa' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // by itself: same page load
  expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(42);
});
