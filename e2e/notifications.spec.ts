import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, signInWithForm } from './helpers';

/**
 * Notifications (docs/notifications.md): one sent to a ward shows live in the top-right 'socket' area
 * of that ward's officer and not of another ward's; the header's bell counts it, and the count goes
 * down when it is read.
 */
async function post(request: APIRequestContext, headers: Record<string, string>, url: string, data: object) {
  const r = await (await request.post(url, { headers, data })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data.entry;
}

/** Signs in in a fresh browser context and waits until the live channel answered 'ready'. */
async function signedIn(browser: Browser, creds: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const ready = page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'))
    .then(
      (ws) =>
        new Promise<void>((resolve) =>
          ws.on('framereceived', (f) => {
            if (String(f.payload).includes('"ready"')) resolve();
          }),
        ),
    );
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await ready;
  return page;
}

test('a notification to a ward reaches that ward officer live, not another ward; the bell count goes down when read', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const province = await post(request, headers, '/api/admin/provinces', { code: `T${stamp}`.slice(0, 10), name: `Tỉnh thử ${stamp}` });
  const ward1 = await post(request, headers, '/api/admin/wards', { code: `A${stamp}`.slice(0, 10), name: `Phường Một ${stamp}`, province_id: province.id });
  const ward2 = await post(request, headers, '/api/admin/wards', { code: `B${stamp}`.slice(0, 10), name: `Phường Hai ${stamp}`, province_id: province.id });
  const role = await post(request, headers, '/api/admin/roles', {
    name: `Cán bộ phường ${stamp}`,
    permissions: [{ action: 'list', subject: 'product_units' }],
  });
  const officer = async (tag: string, wardId: number) => {
    const creds = { username: `canbo_${tag}_${stamp}`, password: 'ThuNghiem#2026' };
    await post(request, headers, '/api/admin/users', {
      ...creds,
      full_name: `Cán bộ ${tag}`,
      role_id: role.id,
      scope: 'ward',
      ward_id: wardId,
      status: 'active',
    });
    return creds;
  };
  const one = await signedIn(browser, await officer('mot', ward1.id));
  const two = await signedIn(browser, await officer('hai', ward2.id));
  const bell = one.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Thông báo');

  const title = `Cảnh báo sâu cuốn lá ${stamp}`;
  await post(request, headers, '/api/admin/notifications', {
    title,
    content: 'Mật độ vượt ngưỡng, đề nghị kiểm tra đồng ruộng.',
    audience: 'ward',
    ward_id: ward1.id,
  });

  const notice = one.locator('.notice-socket').filter({ hasText: title });
  await expect(notice).toBeVisible();
  await expect(bell).toHaveAccessibleName('Thông báo, 1 chưa đọc');
  await expectAccessible(one);
  // a click closes the notice
  await notice.click();
  await expect(notice).toHaveCount(0);

  // the other ward's officer: nothing, in the corner or on the bell
  await one.waitForTimeout(500);
  await expect(two.locator('.notice-socket').filter({ hasText: title })).toHaveCount(0);
  await expect(two.getByTestId('notification-bell')).toHaveAccessibleName('Thông báo');

  // read from the bell: the count goes down
  await bell.click();
  const panel = one.getByTestId('notification-panel');
  const item = panel.getByLabel(`${title} (chưa đọc)`);
  await expect(item).toBeVisible();
  await item.click();
  await expect(panel.getByLabel(`${title} (đã đọc)`)).toBeVisible();
  await expectAccessible(one);
  await expect(bell).toHaveAccessibleName('Thông báo');
});

test('the create form shows only the id field of the chosen audience and sends from the screen', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const province = await post(request, headers, '/api/admin/provinces', { code: `F${stamp}`.slice(0, 10), name: `Tỉnh biểu mẫu ${stamp}` });
  const ward = await post(request, headers, '/api/admin/wards', { code: `G${stamp}`.slice(0, 10), name: `Phường Biểu Mẫu ${stamp}`, province_id: province.id });
  const role = await post(request, headers, '/api/admin/roles', {
    name: `Cán bộ biểu mẫu ${stamp}`,
    permissions: [{ action: 'list', subject: 'product_units' }],
  });
  const creds = { username: `canbo_bm_${stamp}`, password: 'ThuNghiem#2026' };
  await post(request, headers, '/api/admin/users', {
    ...creds,
    full_name: 'Cán bộ biểu mẫu',
    role_id: role.id,
    scope: 'ward',
    ward_id: ward.id,
    status: 'active',
  });
  const officer = await signedIn(browser, creds);
  const admin = await signedIn(browser, { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@12345' });

  await admin.goto('/admin/notifications/create');
  const title = `Lịch phun thuốc ${stamp}`;
  await admin.getByLabel('Tiêu đề').fill(title);
  await admin.getByLabel('Nội dung').fill('Phun thuốc vào sáng thứ Bảy.');
  await expect(admin.getByRole('combobox', { name: 'Phường/xã' })).toHaveCount(0);
  await admin.locator('.ant-form-item', { hasText: 'Người nhận' }).locator('.ant-select').click();
  await admin.locator('.ant-select-item-option', { hasText: 'Theo phường/xã' }).click();
  const wardBox = admin.getByRole('combobox', { name: 'Phường/xã' });
  await expect(wardBox).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Vai trò' })).toHaveCount(0);
  // without the ward: the server's message under the field
  await admin.getByRole('button', { name: 'Lưu' }).click();
  await expect(admin.getByText('Vui lòng chọn phường/xã nhận thông báo')).toBeVisible();
  await expectAccessible(admin);
  await wardBox.click();
  await wardBox.fill(`Biểu Mẫu ${stamp}`);
  await admin
    .locator('.ant-select-item-option', { hasText: `Biểu Mẫu ${stamp}` })
    .first()
    .click();
  await admin.getByRole('button', { name: 'Lưu' }).click();
  await expect(admin).toHaveURL(/\/admin\/notifications(\?.*)?$/);
  await expect(officer.locator('.notice-socket').filter({ hasText: title })).toBeVisible();
});

test("a ward officer's form offers only the audiences of their scope, their ward chosen", async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const province = await post(request, headers, '/api/admin/provinces', { code: `H${stamp}`.slice(0, 10), name: `Tỉnh phạm vi ${stamp}` });
  const ward = await post(request, headers, '/api/admin/wards', { code: `K${stamp}`.slice(0, 10), name: `Phường Phạm Vi ${stamp}`, province_id: province.id });
  const role = await post(request, headers, '/api/admin/roles', {
    name: `Cán bộ thông báo ${stamp}`,
    permissions: ['list', 'read', 'create', 'update', 'menu'].map((action) => ({ action, subject: 'notifications' })),
  });
  const creds = { username: `canbo_tb_${stamp}`, password: 'ThuNghiem#2026' };
  await post(request, headers, '/api/admin/users', {
    ...creds,
    full_name: 'Cán bộ thông báo',
    role_id: role.id,
    scope: 'ward',
    ward_id: ward.id,
    status: 'active',
  });
  const officer = await signedIn(browser, creds);
  await officer.goto('/admin/notifications/create');
  const audience = officer.locator('.ant-form-item', { hasText: 'Người nhận' });
  await expect(audience.locator('.ant-select-selection-item')).toHaveText('Theo phường/xã');
  await audience.locator('.ant-select').click();
  const options = officer.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options).toHaveText(['Theo phường/xã', 'Một người dùng']);
  await officer.screenshot({ path: 'test-results/e2e/notifications-ward-audiences.png' });
  await officer.keyboard.press('Escape');
  await officer.getByLabel('Tiêu đề').fill(`Họp tổ ${stamp}`);
  await officer.getByLabel('Nội dung').fill('Họp tổ sản xuất lúc 8 giờ.');
  await officer.getByRole('button', { name: 'Lưu' }).click();
  await expect(officer).toHaveURL(/\/admin\/notifications(\?.*)?$/);
  await expectAccessible(officer);
});
