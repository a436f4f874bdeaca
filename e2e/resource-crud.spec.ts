import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './a11y';
import { ADMIN, deleteRowWithConfirm } from './helpers';

/**
 * The generic resource screens on a real server, through product units (issue 3 §6):
 * create, server validation error under its field, search without accents, sort, edit,
 * toggle, export (a real .xlsx read back) and delete.
 */
const LIST = '/admin/system/product-units';

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  // the session the SPA keeps (apps/web/src/core/session.ts); signing in through the form is the shell's e2e
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

async function acceptPopup(page: Page) {
  const ok = page.getByRole('button', { name: 'Đồng ý!', exact: true });
  await ok.click();
  await expect(ok).toBeHidden();
}

test('product units: create, validate, search, sort, edit, toggle, export, delete', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `Thùng gỗ ${stamp}`;
  await signIn(page);

  // create
  await page.goto(LIST);
  await expect(page.getByText('Đơn vị tính').first()).toBeVisible();
  await expect(page).toHaveTitle('Đơn vị tính · Nông nghiệp số');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page).toHaveURL(/\/product-units\/create$/);
  await expect(page).toHaveTitle('Thêm đơn vị tính · Nông nghiệp số');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Tên đơn vị' }).fill(name);
  await page.getByRole('textbox', { name: 'Ký hiệu' }).fill('th');
  await page.getByRole('textbox', { name: 'Mô tả' }).fill('Đơn vị tạo bởi kiểm thử e2e');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Thêm mới thành công' })).toBeVisible();
  await acceptPopup(page);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // a client-side rule from the shared zod schema, then a server error (duplicate → 409) under its field
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Tên đơn vị bắt buộc' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tên đơn vị' }).fill(name);
  await page.getByRole('button', { name: 'Lưu' }).click();
  const nameItem = page.locator('.ant-form-item', { has: page.getByRole('textbox', { name: 'Tên đơn vị' }) });
  await expect(nameItem.locator('.ant-form-item-explain-error', { hasText: 'Tên đơn vị đã tồn tại' })).toBeVisible();
  await expect(nameItem.locator('.ant-form-item-explain-error', { hasText: 'Tên đơn vị bắt buộc' })).toHaveCount(0);
  // leaving with unsaved changes asks first
  await page.getByRole('button', { name: 'Quay lại' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Dữ liệu chưa được lưu' })).toBeVisible();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  // search without accents; the URL keeps it, so the list opens again as it was
  await page.getByLabel('Tìm kiếm').fill(`thung go ${stamp}`);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await expect(page).toHaveURL(/search=thung\+go/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel('Tìm kiếm')).toHaveValue(`thung go ${stamp}`);
  await expect(row).toBeVisible();

  // sort by name both ways: the table shows the server's order and says which way it sorts
  await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
  const header = page.getByRole('columnheader', { name: 'Tên đơn vị' });
  for (const [param, aria] of [
    ['sort=name', 'ascending'],
    ['sort=-name', 'descending'],
  ] as const) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/product-units?') && r.url().includes(param));
    await header.click();
    const body = await (await answer).json();
    await expect(page).toHaveURL(new RegExp(param));
    await expect(header).toHaveAttribute('aria-sort', aria);
    // the first cell holds the row checkbox, the second the row number
    const shown = await page.locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
    expect(shown).toEqual(body.data.entries.map((e: { name: string }) => e.name));
  }

  // edit
  await page.getByLabel('Tìm kiếm').fill(stamp);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await row.getByRole('link', { name: 'Chỉnh sửa' }).click();
  await expect(page).toHaveURL(/\/product-units\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Tên đơn vị' })).toHaveValue(name);
  await expect(page).toHaveTitle('Cập nhật đơn vị tính · Nông nghiệp số');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Ký hiệu' }).fill('tg');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Cập nhật thành công' })).toBeVisible();
  await acceptPopup(page);
  await expect(row.getByRole('cell', { name: 'tg', exact: true })).toBeVisible();

  // toggle with confirm
  const sw = row.getByRole('switch');
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await sw.click();
  await expect(page.getByText(`Bạn có chắc muốn tắt “Hoạt động” của “${name}”?`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(sw).toHaveAttribute('aria-checked', 'false');

  // export under the current filters: a real .xlsx holding our row
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.worksheets[0];
  const cells: string[] = [];
  sheet.eachRow((r) => r.eachCell((c) => cells.push(String(c.text))));
  expect(cells).toContain(name);
  expect(cells).toContain('tg');
  expect(cells.some((c) => /Thùng|Kilogram/.test(c) && c !== name)).toBe(false);

  // delete with confirm
  await deleteRowWithConfirm(page, row, name);
});
