import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { pickEnum, popup, signInWithForm } from './helpers';

/**
 * Issue 18 (and 13): the demo ward officer's daily work on a 390×844 phone. From the home screen's
 * 'Chờ duyệt' card she opens a product her ward's producer submitted and approves it, then finds the
 * batch in progress of her ward (Xuân Hương) and records a diary entry with an input. The demo data is
 * loaded by global-setup (SEED_DEMO=yes), which places her in Xuân Hương with that batch.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const OFFICER = { username: 'canbo.phuong', password: 'NongNghiep@2026' };
const PENDING = 'Hồng sấy dẻo Đà Lạt gói 250 g';
const BATCH = 'LO-HONG-XH-2026';

test('the ward officer on a phone: approves a pending product from the home card, then keeps a batch diary with an input', async ({ page, request }) => {
  await page.goto('/auth/login');
  await expectAccessible(page);
  await signInWithForm(page, OFFICER);
  await expect(page).toHaveURL(/\/admin\/home$/);

  // 1. the 'Chờ duyệt' card lists what her ward's producers submitted
  const card = page.getByTestId('pending-card');
  await expect(card.getByRole('heading', { name: 'Chờ duyệt' })).toBeVisible();
  const link = card.getByRole('link', { name: PENDING });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/e2e/ward-officer-home-390.png', fullPage: true });
  await link.click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\/detail$/);
  await expect(page.getByText(PENDING).first()).toBeVisible();
  await expectAccessible(page);
  const productId = Number(/\/products\/(\d+)\/detail/.exec(page.url())?.[1]);

  // approve it from its screen
  const approved = page.waitForResponse((r) => r.url().includes('/api/admin/products') && r.request().method() !== 'GET');
  await page.getByRole('button', { name: 'Phê duyệt' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  expect((await approved).status()).toBe(200);
  // the action turns into its opposite once approved
  await expect(page.getByRole('button', { name: 'Từ chối' })).toBeVisible();
  await expectAccessible(page);
  // the server holds it approved, and the queue no longer lists it
  const login = await (await request.post('/api/auth/login', { data: OFFICER })).json();
  const headers = { authorization: `Bearer ${login.data.token}` };
  const product = await (await request.get(`/api/admin/products/${productId}`, { headers })).json();
  expect(product.data.entry.status).toBe('approved');
  await page.goto('/admin/home');
  await expect(page.getByTestId('pending-card').getByRole('heading', { name: 'Chờ duyệt' })).toBeVisible();
  await expect(page.getByTestId('pending-card').getByRole('link', { name: PENDING })).toHaveCount(0);

  // 2. the batch in progress of her ward, found by a search on the phone
  await page.goto('/admin/culture/batches');
  await page.getByLabel('Tìm kiếm').fill('hong xh');
  await page.getByLabel('Tìm kiếm').press('Enter');
  const row = page.locator('tr', { hasText: BATCH });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Đang sản xuất')).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('link', { name: 'Xem chi tiết' }).click();
  await expect(page.getByText('Dòng thời gian công đoạn')).toBeVisible();
  await expectAccessible(page);

  // 3. a diary entry with its input
  await page.getByRole('link', { name: 'Ghi nhật ký' }).click();
  await expect(page.locator('.ant-select-selection-item', { hasText: BATCH })).toBeVisible();
  const stage = page.getByRole('combobox', { name: 'Công đoạn' });
  await stage.evaluate((e) => e.scrollIntoView({ block: 'center' })); // above the phone's sticky Lưu bar
  await stage.click({ force: true });
  await stage.fill('Chăm sóc');
  await page.locator('.ant-select-item-option', { hasText: 'Chăm sóc, phòng trừ sâu bệnh' }).first().click();
  // yesterday at 08:00 (Vietnam time): inside the batch's season, never in the future
  const [d, mo, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date(Date.now() - 86_400_000))
    .split('/');
  const when = page.getByLabel('Thời gian thực hiện', { exact: true });
  await when.click();
  await when.fill(`${d}/${mo}/${y} 08:00`);
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
  await expect(when).toHaveValue(`${d}/${mo}/${y} 08:00`);
  await pickEnum(page, 'Công việc', 'Bón phân');
  await pickEnum(page, 'Thời tiết', 'Nắng');
  await page.getByRole('button', { name: 'Thêm vật tư' }).click();
  await page.getByLabel('Tên vật tư').fill('Phân kali clorua');
  await page.getByLabel('Lượng dùng').fill('150');
  await page.getByLabel('Đơn vị').fill('kg');
  const note = `Bón kali nuôi quả, rải quanh tán ${Date.now().toString(36)}`;
  await page.getByLabel('Ghi chú').fill(note);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/e2e/ward-officer-diary-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Lưu' }).click();
  await popup(page, 'Thêm mới thành công');

  // the entry is kept with its input, on her ward's batch
  const diaries = (await (await request.get('/api/admin/diaries', { headers, params: { limit: '100', sort: '-id' } })).json()).data.entries as {
    note: string;
    activity: string;
    inputs: { name: string; amount: number; unit: string }[];
  }[];
  const mine = diaries.find((d) => d.note === note);
  expect(mine).toBeDefined();
  expect(mine).toMatchObject({ activity: 'fertilizing', inputs: [{ name: 'Phân kali clorua', amount: 150, unit: 'kg' }] });
  await expectAccessible(page);
});
