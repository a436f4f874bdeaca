import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminToken, signInWithForm, userWith } from './helpers';

/** Issue 18.5: the system log and the home feed speak Vietnamese; refused sign-ins are shown; the 'Chờ duyệt' card. */

test('the system log reads as sentences, refused sign-ins are one click away, technical details only when asked', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const m = await (
    await request.post('/api/admin/manufactures', { headers, data: { code: `CS-LS-${tag}`, name: `HTX Lịch sử ${tag}`, phone: '0901234567' } })
  ).json();
  expect(m.code, JSON.stringify(m)).toBe(200);
  expect((await request.put(`/api/admin/manufactures/${m.data.entry.id}`, { headers, data: { phone: '0902345678' } })).status()).toBe(200);
  const bad = await request.post('/api/auth/login', { data: { username: `tran.minh.${tag}`, password: 'SaiMatKhau@1' } });
  expect(bad.status()).toBe(401);

  const viewer = await userWith(request, ['list:system_logs', 'menu:system_logs'], `log${tag}`);
  await page.goto('/admin/system/logs');
  await signInWithForm(page, viewer);
  await expect(
    page.getByTestId('log-sentence').filter({ hasText: `đã sửa cơ sở sản xuất "HTX Lịch sử ${tag}": Số điện thoại 0901234567 → 0902345678` }),
  ).toBeVisible();
  await expectAccessible(page);
  // no API path or HTTP code on the list
  await expect(page.getByText('/api/admin/manufactures')).toHaveCount(0);

  await page.getByRole('button', { name: 'Đăng nhập thất bại' }).click();
  await expect(page).toHaveURL(/action=login-failed%2Clogin-throttled/);
  const failed = page.getByTestId('log-sentence').filter({ hasText: `Đăng nhập thất bại: tên đăng nhập không tồn tại cho "tran.minh.${tag}" từ` });
  await expect(failed).toBeVisible();
  await failed.click();
  await expect(page.getByTestId('log-detail-sentence')).toContainText(`"tran.minh.${tag}"`);
  await expectAccessible(page);
  await expect(page.getByText('/api/auth/login')).toBeHidden();
  await page.getByText('Chi tiết kỹ thuật').click();
  await expect(page.getByText('POST /api/auth/login')).toBeVisible();
  await expectAccessible(page);
});

test('home: a "Chờ duyệt" card with what awaits the user’s approval, each a link', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const p = await (await request.post('/api/admin/products', { headers, data: { code: `SP-CD-${tag}`, name: `Chè chờ duyệt ${tag}` } })).json();
  expect(p.code, JSON.stringify(p)).toBe(200);
  const approver = await userWith(request, ['list:products', 'read:products', 'approve:products', 'menu:products'], `dv${tag}`);
  await page.goto('/admin/home');
  await signInWithForm(page, approver);
  const card = page.getByTestId('pending-card');
  await expect(card.getByRole('heading', { name: 'Chờ duyệt' })).toBeVisible();
  const link = card.getByRole('link', { name: `Chè chờ duyệt ${tag}` });
  await expect(link).toHaveAttribute('href', `/admin/products/${p.data.entry.id}/detail`);
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${p.data.entry.id}/detail$`));
  await expect(page.getByText(`Chè chờ duyệt ${tag}`).first()).toBeVisible();
  await expectAccessible(page);

  // a user who may not approve sees no queue
  const viewer = await userWith(request, ['list:products', 'menu:products'], `xem${tag}`);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/home');
  await signInWithForm(page, viewer);
  await expect(page.getByRole('heading', { name: /Xin chào/ })).toBeVisible();
  await expect(page.getByTestId('pending-card')).toHaveCount(0);
  await expectAccessible(page);
});
