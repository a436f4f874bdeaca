import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 17 part B through the real screens, on the demo portal: the header menu reordered and nested
 * by dragging, a banner with an active period added to its slot and shown by the public API, and the
 * season calendars' year timeline with the demo rice and coffee.
 */
async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
  await page.setViewportSize({ width: 1366, height: 768 });
}

const headerTitles = async (page: Page) => {
  const env = await (await page.request.get('/api/web/menus')).json();
  const header = env.data.entries.find((m: { position: string }) => m.position === 'header');
  return header.items as { title: string; children?: { title: string }[] }[];
};

test('menus: the header menu is reordered and nested by dragging, and the portal sees it', async ({ page, request }) => {
  await signIn(page);
  const token = await adminToken(request);
  const list = await (await request.get('/api/admin/menus', { headers: { authorization: `Bearer ${token}` }, params: { position: 'header' } })).json();
  const menu = list.data.entries[0];
  await page.goto('/admin/system/menus');
  await expect(page.getByRole('cell', { name: menu.name })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/admin/system/menus/${menu.id}/edit`);
  const contact = page.getByTestId('menu-item-Liên hệ');
  const home = page.getByTestId('menu-item-Trang chủ');
  await expect(contact).toBeVisible();
  await expectAccessible(page);

  // 'Liên hệ' dragged above 'Trang chủ' (the top edge of the item: before it)
  const box = await home.boundingBox();
  await contact.hover();
  await page.mouse.down();
  await page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 2, { steps: 12 });
  await page.mouse.move((box?.x ?? 0) + 42, (box?.y ?? 0) + 1, { steps: 4 });
  await page.mouse.up();
  const titles = page.locator('.site-menu-editor .site-menu-node');
  await expect(titles.first()).toContainText('Liên hệ');

  // 'Thư viện' nested under 'Lịch thời vụ' from the keyboard buttons (the same move as a drop into it)
  await page.getByTestId('menu-item-Thư viện').click();
  await page.getByRole('button', { name: 'Đưa mục lên' }).click();
  await page.getByRole('button', { name: 'Vào trong một cấp' }).click();
  await page.screenshot({ path: 'test-results/shots/site-menu-edit.png' });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/system\/menus$/);

  const items = await headerTitles(page);
  expect(items[0].title).toBe('Liên hệ');
  expect(items.find((i) => i.title === 'Lịch thời vụ')?.children?.map((c) => c.title)).toContain('Thư viện');
});

async function typeDateTime(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  const ok = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button');
  await expect(async () => {
    if (!(await ok.isVisible())) await input.click();
    await expect(ok).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await input.fill(value);
  await ok.click();
  await expect(ok).toBeHidden();
}

test('banners and season calendars: a main banner with an active period, the year timeline of rice and coffee', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/banners');
  await expect(page).toHaveURL(/\/admin\/banners\/main-banner$/);
  await expect(page.getByTestId('banner-slot')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/site-banners.png' });

  await page.getByRole('button', { name: 'Thêm banner chính' }).click();
  await page.getByRole('textbox', { name: 'Tiêu đề' }).fill('Ngày hội cà phê Cầu Đất');
  const png = await sharp({ create: { width: 1200, height: 450, channels: 3, background: '#6b4f2c' } })
    .png()
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/uploads') && r.status() === 200);
  await page.getByTestId('upload-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await uploaded;
  await page.getByRole('textbox', { name: 'Mô tả ảnh (alt)' }).fill('Đồi cà phê Cầu Đất mùa thu hoạch');
  await page.getByRole('textbox', { name: 'Liên kết' }).fill('/tin-tuc/ngay-hoi-ca-phe');
  // the period: from yesterday to the end of next year, so the banner is on the portal now
  const now = new Date(Date.now() + 7 * 3_600_000);
  const y = now.getUTCFullYear();
  const pad = (n: number) => String(n).padStart(2, '0');
  const yesterday = new Date(now.getTime() - 86_400_000);
  await typeDateTime(page, 'Hiển thị từ', `${pad(yesterday.getUTCDate())}/${pad(yesterday.getUTCMonth() + 1)}/${yesterday.getUTCFullYear()} 08:00`);
  await typeDateTime(page, 'Hiển thị đến', `31/12/${y + 1} 23:00`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/site-banner-form.png' });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/banners\/main-banner$/);
  const card = page.getByTestId('banner-card').filter({ hasText: 'Ngày hội cà phê Cầu Đất' });
  await expect(card).toContainText('Đang hiển thị');
  await expect(card).toContainText(`31/12/${y + 1} 23:00`);

  const pub = await (await page.request.get('/api/web/banners?position=main')).json();
  const shown = pub.data.entries.find((b: { title: string }) => b.title === 'Ngày hội cà phê Cầu Đất');
  expect(shown).toMatchObject({ alt: 'Đồi cà phê Cầu Đất mùa thu hoạch', link: '/tin-tuc/ngay-hoi-ca-phe' });
  expect(shown.image).toMatch(/^\/uploads\/media\//);

  // the year timeline: the demo ward's rice (Đông Xuân starting the December before) and coffee as bars
  await page.goto('/admin/season-calendars/timeline?year=2026');
  await expect(page.getByText('Lúa vụ Đông Xuân 2025–2026')).toBeVisible();
  await expect(page.getByText('Cà phê chè Catimor – trồng mới và thu hoạch 2026')).toBeVisible();
  await expect(page.locator('.site-tl-sow.cut-start')).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/site-timeline.png', fullPage: true });
  await page.getByRole('link', { name: 'Lúa vụ Hè Thu 2026' }).click();
  await expect(page).toHaveURL(/\/admin\/season-calendars\/\d+\/detail$/);
  await expect(page.getByText('Thời vụ trên năm 2026')).toBeVisible();
  await expect(page.getByTestId('season-timeline')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/shots/site-calendar-detail.png', fullPage: true });

  const web = await (await page.request.get('/api/web/seasonal-calendars?year=2026')).json();
  const names = web.data.entries.map((e: { name: string }) => e.name);
  expect(names).toContain('Lúa vụ Hè Thu 2026');
  expect(names).not.toContain('Lúa vụ Thu Đông 2026 (dự kiến)');
});
