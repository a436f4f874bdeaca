import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { adminToken, popup, signInWithForm, userWith } from './helpers';

/**
 * Issue 17 (part A) through the real screens: an editor writes an article with an image from the
 * media library and a tag made on the fly, and sends it for approval; the administrator approves and
 * publishes it, it appears in the public /api/web/articles; taken down with a reason, it disappears
 * and the list shows the reason.
 */
const stamp = Date.now().toString(36);
const EDITOR = [
  ...['list', 'read', 'create', 'update', 'menu'].flatMap((a) => ['articles', 'tags', 'config_image'].map((s) => `${a}:${s}`)),
  'list:categories',
  'read:categories',
  'list:article_types',
  'read:article_types',
];

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/shots/content-${name}.png` });

async function confirm(page: Page) {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Đồng ý!', exact: true }).click();
}

test('content: an editor writes and submits, the approver publishes, the public sees it, a take-down hides it', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  // a library image with its alt text (the public page needs one)
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5b8c3a' } })
    .png()
    .toBuffer();
  const up = await (
    await request.post('/api/admin/uploads', { headers, multipart: { file: { name: 'vuon.png', mimeType: 'image/png', buffer: png } } })
  ).json();
  expect(up.code, JSON.stringify(up)).toBe(200);
  const imgTitle = `Vườn cà phê ${stamp}`;
  const img = await (await request.post('/api/admin/images', { headers, data: { file: up.data.url, title: imgTitle, alt: 'Vườn cà phê đang ra hoa' } })).json();
  expect(img.code, JSON.stringify(img)).toBe(200);
  const creds = await userWith(request, EDITOR, `bt${stamp}`);

  // the editor writes
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/auth/login');
  await signInWithForm(page, creds);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/general/articles/create');
  const title = `Kỹ thuật tỉa cành cà phê sau thu hoạch ${stamp}`;
  await page.getByRole('textbox', { name: '* Tiêu đề', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Tóm tắt' }).fill('Tỉa cành đúng cách giúp cây thông thoáng, hạn chế sâu bệnh.');
  const body = page.getByRole('textbox', { name: 'Nội dung' });
  await body.click();
  await body.pressSequentially('Sau thu hoạch, cắt bỏ cành vô hiệu, cành sâu bệnh. ');
  await page.getByRole('button', { name: 'Chọn ảnh từ thư viện' }).click();
  await page.getByRole('option', { name: new RegExp(imgTitle) }).click();
  await expect(body.locator('img')).toHaveAttribute('alt', 'Vườn cà phê đang ra hoa');
  // the thumbnail from the same library picker
  await page.getByRole('button', { name: 'Chọn ảnh đại diện từ thư viện' }).click();
  await page
    .getByRole('dialog', { name: 'Chọn ảnh từ thư viện' })
    .getByRole('option', { name: new RegExp(imgTitle) })
    .click();
  await expect(page.getByRole('img', { name: 'Ảnh đại diện đã chọn' })).toBeVisible();
  const tags = page.getByRole('combobox', { name: 'Thẻ' });
  await tags.click();
  await tags.fill(`Tỉa cành ${stamp}`);
  await tags.press('Enter');
  await expect(page.locator('.ant-select-selection-item', { hasText: `Tỉa cành ${stamp}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await shot(page, 'form');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await popup(page, 'Thêm mới thành công');
  await expect(page).toHaveURL(/\/admin\/general\/articles$/);
  const row = page.getByRole('row', { name: new RegExp(stamp) });
  await expect(row).toContainText('Bản nháp');
  // no publishing buttons for an editor
  await expect(row.getByRole('button', { name: 'Phê duyệt' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Đăng bài' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Gửi duyệt' }).click();
  await confirm(page);
  await expect(row).toContainText('Chờ duyệt');
  await expectAccessible(page);

  // the approver approves and publishes
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await ctx.newPage();
  await admin.goto('/auth/login');
  await signInWithForm(admin, { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@12345' });
  await expect(admin).toHaveURL(/\/admin\/home$/);
  await admin.goto(`/admin/general/articles?search=${stamp}`);
  const arow = admin.getByRole('row', { name: new RegExp(stamp) });
  await arow.getByRole('button', { name: 'Phê duyệt' }).click();
  await confirm(admin);
  await expect(arow).toContainText('Đã duyệt');
  await arow.getByRole('button', { name: 'Đăng bài' }).click();
  await admin.getByRole('dialog', { name: 'Đăng bài viết' }).getByRole('button', { name: 'Đăng ngay' }).click();
  await expect(arow).toContainText('Đang hiển thị');
  await shot(admin, 'list-published');
  const web = async () => (await (await request.get('/api/web/articles?limit=50')).json()).data.entries.map((e: { title: string }) => e.title) as string[];
  expect(await web()).toContain(title);

  // taken down with a reason: gone from the public, the reason in the list
  await arow.getByRole('button', { name: 'Gỡ bài' }).click();
  const dlg = admin.getByRole('dialog', { name: 'Gỡ bài viết' });
  await dlg.getByRole('button', { name: 'Gỡ bài' }).click();
  await expect(dlg.getByText('Lý do gỡ bài bắt buộc')).toBeVisible();
  await dlg.getByRole('textbox', { name: 'Lý do gỡ bài' }).fill('Cần bổ sung ảnh minh họa thực tế');
  await dlg.getByRole('button', { name: 'Gỡ bài' }).click();
  await expect(arow).toContainText('Lý do: Cần bổ sung ảnh minh họa thực tế');
  await expectAccessible(admin);
  await shot(admin, 'list-taken-down');
  expect(await web()).not.toContain(title);

  // its form says where it stands and keeps its versions
  await arow.getByRole('link', { name: 'Chỉnh sửa' }).click();
  await expect(admin.getByText('Bài đã bị gỡ. Lý do: Cần bổ sung ảnh minh họa thực tế')).toBeVisible();
  await expect(admin.getByText('Lịch sử phiên bản')).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, 'edit');

  // the other screens of the area, as the administrator sees them
  for (const [path, name] of [
    ['/admin/general/images', 'images'],
    ['/admin/general/videos', 'videos'],
    ['/admin/libraries', 'libraries'],
    ['/admin/system/categories', 'categories'],
  ]) {
    await admin.goto(path);
    await expect(admin.locator('.ant-table')).toBeVisible();
    await expectAccessible(admin);
    await shot(admin, name);
  }
  await admin.goto(`/admin/general/images/${img.data.entry.id}/detail`);
  await expect(admin.getByText('Đang được dùng ở')).toBeVisible();
  await expect(admin.getByRole('link', { name: title })).toBeVisible();
  await shot(admin, 'image-detail');
  const created = await (await request.get(`/api/admin/articles?search=${stamp}`, { headers })).json();
  expect(created.data.entries[0].thumbnail).toBe(up.data.url);

  // an album reordered on its detail screen with the keyboard's buttons; the public API follows
  const second = await (
    await request.post('/api/admin/uploads', { headers, multipart: { file: { name: 'lua.png', mimeType: 'image/png', buffer: png } } })
  ).json();
  const album = await (
    await request.post('/api/admin/libraries', { headers, data: { name: `Album ${stamp}`, kind: 'images', images: [up.data.url, second.data.url] } })
  ).json();
  expect(album.code, JSON.stringify(album)).toBe(200);
  await admin.goto(`/admin/libraries/${album.data.entry.id}/detail`);
  await expect(admin.getByTestId('album-item')).toHaveCount(2);
  await admin.getByRole('button', { name: 'Đưa ảnh 1 xuống sau' }).click();
  await admin.getByRole('button', { name: 'Lưu thứ tự' }).click();
  await expect(admin.locator('.ant-notification-notice', { hasText: 'Đã lưu thứ tự' })).toBeVisible();
  const pub = await (await request.get(`/api/web/libraries/${album.data.entry.id}`)).json();
  expect(pub.data.entry.items).toEqual([second.data.url, up.data.url]);
  await expectAccessible(admin);
  await shot(admin, 'album-order');
  await ctx.close();
});
