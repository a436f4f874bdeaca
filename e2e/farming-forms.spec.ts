import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, deleteRowWithConfirm } from './helpers';

/** The second resource of issue 3 §6 under /admin/system/: farming forms, through the generic screens. */
const LIST = '/admin/system/farming-forms';

async function signIn(page: Page) {
  const env = await (await page.request.post('/api/auth/login', { data: ADMIN })).json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

async function accept(page: Page, title: string) {
  await expect(page.locator('.ant-modal-confirm-title', { hasText: title })).toBeVisible();
  const ok = page.getByRole('button', { name: 'Đồng ý!', exact: true });
  await ok.click();
  await expect(ok).toBeHidden();
}

test('farming forms: create, edit, search without accents, delete', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `Canh tác hữu cơ tuần hoàn ${stamp}`;
  await signIn(page);

  // create, from the menu
  await page.goto('/admin/home');
  const menu = page.getByRole('menu');
  await menu.getByText('Danh mục hệ thống').click();
  await menu.getByText('Hình thức canh tác').click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('columnheader', { name: 'STT' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/farming-forms\/create$/);
  await expect(page.locator('form')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Tên hình thức canh tác' }).fill(name);
  await page.getByRole('textbox', { name: 'Mã', exact: true }).fill(`HC-${stamp}`);
  await page.getByRole('textbox', { name: 'Tiêu chuẩn áp dụng' }).fill('TCVN 11041-2:2017');
  await page.getByRole('textbox', { name: 'Mô tả' }).fill('Không dùng phân bón hóa học, thuốc bảo vệ thực vật tổng hợp');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await accept(page, 'Thêm mới thành công');
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // edit
  await row.getByRole('link', { name: 'Chỉnh sửa' }).click();
  await expect(page).toHaveURL(/\/farming-forms\/\d+\/edit$/);
  await expect(page.locator('form')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('textbox', { name: 'Tên hình thức canh tác' })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Tiêu chuẩn áp dụng' }).fill('VietGAP trồng trọt');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await accept(page, 'Cập nhật thành công');
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(row.getByRole('cell', { name: 'VietGAP trồng trọt' })).toBeVisible();

  // search without accents finds it, and only it
  await page.getByLabel('Tìm kiếm').fill(`canh tac huu co tuan hoan ${stamp}`);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await expect(page).toHaveURL(/search=canh\+tac\+huu\+co/);
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  // the standard is searchable too, also without accents
  await page.getByLabel('Tìm kiếm').fill(`vietgap trong trot`);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await expect(row).toBeVisible();

  // delete with confirm
  await page.getByLabel('Tìm kiếm').fill(stamp);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await deleteRowWithConfirm(page, row, name);
});
