import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, signInWithForm, userWith } from './helpers';

/** The shell of issue 3: guard, sign-in, menu by permission, unknown URLs, sign-out (spec §2, §4, §6). */

test('guard → login → home', async ({ page }) => {
  await page.goto('/admin/home');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page).toHaveTitle('Đăng nhập · Nông nghiệp số');
  await expectAccessible(page);
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  await expect(page.getByText('Đăng nhập thành công')).toBeVisible();
  // the admin sees every area and the recent activity of the system log
  await expect(page.getByRole('menu').getByText('Tài khoản và phân quyền')).toBeVisible();
  await expect(page.getByTestId('recent-activity')).toBeVisible();
  await expect(page).toHaveTitle('Tổng quan · Nông nghiệp số');
  await expectAccessible(page);
  // / also leads home once signed in
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin\/home$/);
});

test('a deep link survives the sign-in', async ({ page }) => {
  await page.goto('/admin/system/logs?subject=users');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/system\/logs\?subject=users$/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page).toHaveTitle('Nhật ký hệ thống · Nông nghiệp số');
  await expectAccessible(page);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/auth/login');
  await signInWithForm(page, { username: `khong_ton_tai_${Date.now()}`, password: 'SaiMatKhau123' });
  await expect(page.getByTestId('login-error')).toContainText('Tên đăng nhập hoặc mật khẩu không đúng');
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  // the form validates before calling the server
  await page.getByLabel('Tên đăng nhập').fill('');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('Tên đăng nhập bắt buộc')).toBeVisible();
});

test('the menu reflects the permissions; a route the user lacks is forbidden', async ({ page, request }) => {
  const creds = await userWith(
    request,
    ['list', 'menu', 'read', 'create', 'update', 'delete'].map((a) => `${a}:product_units`),
  );
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Danh mục hệ thống')).toBeVisible();
  await menu.getByText('Danh mục hệ thống').click();
  await expect(menu.getByText('Đơn vị tính')).toBeVisible();
  // one area, one entry (plus 'Tổng quan')
  await expect(menu.locator('.ant-menu-submenu')).toHaveCount(1);
  await expect(menu.getByText('Tài khoản và phân quyền')).toHaveCount(0);
  await expect(menu.getByText('Hình thức canh tác')).toHaveCount(0);
  await expect(menu.getByText('Hệ thống', { exact: true })).toHaveCount(0);
  // the dashboard counts only what it may list, and no recent activity
  await expect(page.getByTestId('count-product-units')).toBeVisible();
  await expect(page.getByTestId('count-users')).toHaveCount(0);
  await expect(page.getByTestId('recent-activity')).toHaveCount(0);
  // the entry opens the list
  await menu.getByText('Đơn vị tính').click();
  await expect(page).toHaveURL(/\/admin\/system\/product-units$/);
  // a route it lacks goes to the 403 screen
  await page.goto('/admin/system/logs');
  await expect(page).toHaveURL(/\/admin\/errors\/403$/);
  await expect(page.getByText('Không có quyền truy cập').first()).toBeVisible();
  await expectAccessible(page);
});

test('an unknown URL ends at the maintenance page', async ({ page }) => {
  await page.goto('/khong-co-trang-nay/123');
  await expect(page).toHaveURL(/\/error\/maintenance$/);
  await expect(page.getByText('Trang đang được bảo trì')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/error');
  await expect(page).toHaveURL(/\/error\/maintenance$/);
  await page.goto('/error/404');
  await expect(page.getByText('Không tìm thấy trang')).toBeVisible();
  await expect(page).toHaveTitle('Không tìm thấy trang · Nông nghiệp số');
  await expectAccessible(page);
});

/**
 * Signs out through the user menu. The logs page may still scroll as its rows arrive, and a click on the
 * menu item during that jump lands nowhere (no sign-out request was sent): open the menu and click again
 * until the sign-in page shows.
 */
async function signOut(page: Page) {
  await expect(async () => {
    if (!/\/auth\/login$/.test(page.url())) {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click({ timeout: 3000 });
    }
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

test('sign-out clears the session; the next user starts at home, not on the page the last one left', async ({ page, request }) => {
  const next = await userWith(request, ['list:product_units', 'menu:product_units'], `so${Date.now().toString(36)}`);
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  // leave from a page the next user may not open
  await page.goto('/admin/system/logs?subject=users');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('nns.session') ?? sessionStorage.getItem('nns.session'))).toBeNull();
  await signInWithForm(page, next);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  // and signing out again, a protected URL asks for a sign-in
  await signOut(page);
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('profile: detail, update and change-password tabs', async ({ page, request }) => {
  const creds = await userWith(request, ['list:product_units'], `p${Date.now().toString(36)}`);
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/profile');
  await expect(page.getByText(creds.username)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Cập nhật thông tin' }).click();
  await page.getByLabel('Email').fill('sai-dinh-dang');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText('Email không đúng định dạng')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill('canbo.e2e@example.vn');
  await page.getByLabel('Số điện thoại').fill('0912345678');
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await page.getByRole('button', { name: 'Đồng ý!' }).click();
  await expect(page.getByText('canbo.e2e@example.vn')).toBeVisible();
  await page.getByRole('tab', { name: 'Đổi mật khẩu' }).click();
  await page.getByLabel('Mật khẩu hiện tại').fill(creds.password);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('MatKhauMoi@2025');
  await page.getByLabel('Nhập lại mật khẩu mới').fill('MatKhauMoi@2025');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.locator('.ant-modal-confirm-success')).toBeVisible();
  await page.getByRole('button', { name: 'Đồng ý!' }).click();
});

test('menu entries are real links (open in a new tab works) and each screen names the tab', async ({ page, context }) => {
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Menu chính' });
  const entry = menu.getByRole('link', { name: 'Đơn vị tính', exact: true });
  await expect(async () => {
    if (!(await entry.isVisible())) await menu.getByText('Danh mục hệ thống').click();
    await expect(entry).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(entry).toHaveAttribute('href', '/admin/system/product-units');
  await expect(menu.getByRole('link', { name: 'Tổng quan' })).toHaveAttribute('href', '/admin/home');
  // a middle click (or ctrl-click) opens the screen in a new tab, this one stays
  // (a click that lands while the opened submenu still animates may be swallowed: click again)
  let tab = undefined as Page | undefined;
  await expect(async () => {
    const opened = context.waitForEvent('page', { timeout: 5000 });
    await entry.click({ modifiers: ['ControlOrMeta'] });
    tab = await opened;
  }).toPass({ timeout: 30_000 });
  if (!tab) throw new Error('no tab opened');
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/admin\/system\/product-units$/);
  await expect(tab).toHaveTitle('Đơn vị tính · Nông nghiệp số');
  await tab.close();
  await expect(page).toHaveURL(/\/admin\/home$/);
  // a plain click stays in the page
  await entry.click();
  await expect(page).toHaveURL(/\/admin\/system\/product-units$/);
  await expect(page).toHaveTitle('Đơn vị tính · Nông nghiệp số');
  await page.goto('/admin/roles/create');
  await expect(page).toHaveTitle('Thêm vai trò · Nông nghiệp số');
  await page.goto('/admin/general/users/1/detail');
  await expect(page).toHaveTitle('Chi tiết người dùng · Nông nghiệp số');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer that covers the page and closes on choice; the header fits; details stack to one column', async ({ page }) => {
    await page.goto('/auth/login');
    await expectAccessible(page);
    await signInWithForm(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/home$/);
    await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
    // no sider: the header's button opens the menu
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
    const toggle = page.getByRole('button', { name: 'Mở menu' });
    await expect(toggle).toBeVisible();
    // the header keeps to the screen's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const header = await page.locator('.shell-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);
    await expectAccessible(page);

    await toggle.click();
    const drawer = page.locator('.shell-drawer');
    await expect(drawer).toBeVisible();
    // once it has slid in, it covers the whole width
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())?.width).toBe(390);
    await expectAccessible(page);
    const menu = drawer.getByRole('menu');
    await menu.getByText('Tài khoản và phân quyền').click();
    await menu.getByRole('link', { name: 'Người dùng', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/general\/users$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    // a detail: one column, each label above its value
    await page.goto('/admin/general/users/1/detail');
    await expect(page.getByText('admin', { exact: true }).first()).toBeVisible();
    const label = await page.locator('.ant-descriptions-item-label').first().boundingBox();
    const content = await page.locator('.ant-descriptions-item-content').first().boundingBox();
    expect(label && content && content.y >= label.y + label.height - 1 && Math.abs(content.x - label.x) < 2).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
