import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken, signInWithForm } from './helpers';

/**
 * Issue 5: export a filtered register, change one cell in the file, import it back through the
 * 'Nhập Excel' dry run (the change is shown, nothing written), confirm, and see the change in the list;
 * then a province with the wards straight under it (the 2025 two-level shape).
 */
test('export a filtered list, change one cell, dry run, import, and see the change', async ({ page, request }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const made = await (await request.post('/api/admin/manufacturing-forms', { headers, data: { code: `HT-${stamp}`, name: `Tổ hợp tác thử ${stamp}` } })).json();
  expect(made.code, JSON.stringify(made)).toBe(200);

  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/system/manufacturing-forms');
  await page.getByLabel('Tìm kiếm').fill(stamp);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await expect(page.getByRole('cell', { name: `Tổ hợp tác thử ${stamp}` })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nns-e2e-import-')), 'hinh-thuc.xlsx');
  await (await download).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  expect(ws.rowCount).toBe(2);
  const col = (ws.getRow(1).values as unknown[]).indexOf('Tên hình thức sản xuất');
  ws.getRow(2).getCell(col).value = `Tổ hợp tác đã sửa ${stamp}`;
  await wb.xlsx.writeFile(file);

  await page.getByRole('button', { name: 'Nhập Excel' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'Nhập Excel: hình thức sản xuất' });
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Kiểm tra tệp' }).click();
  await expect(modal.getByText('Cập nhật: 1')).toBeVisible();
  await modal.getByRole('tab', { name: /Các dòng/ }).click();
  await expect(modal.getByText(`Tổ hợp tác thử ${stamp} → Tổ hợp tác đã sửa ${stamp}`)).toBeVisible();
  await expectAccessible(page);
  // the dry run wrote nothing
  const still = await (await request.get(`/api/admin/manufacturing-forms/${made.data.entry.id}`, { headers })).json();
  expect(still.data.entry.name).toBe(`Tổ hợp tác thử ${stamp}`);

  await modal.getByRole('button', { name: 'Nhập dữ liệu' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(modal.getByText('Đã ghi dữ liệu thành công.')).toBeVisible();
  await modal.getByRole('button', { name: 'Đóng' }).click();
  await expect(page.getByRole('cell', { name: `Tổ hợp tác đã sửa ${stamp}`, exact: true })).toBeVisible();
});

test('a province shows the wards straight under it', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  // three digits: never one of the 34 official province codes every database holds
  const code = String(970 + (Date.now() % 20));
  const p = await (await request.post('/api/admin/provinces', { headers, data: { code, name: `Tỉnh Thử ${code}`, level: 'Tỉnh' } })).json();
  expect(p.code, JSON.stringify(p)).toBe(200);
  const w = await (
    await request.post('/api/admin/wards', {
      headers,
      data: { code: `${code}001`, name: 'Phường Trung Tâm Thử', level: 'Phường', province_id: p.data.entry.id },
    })
  ).json();
  expect(w.code, JSON.stringify(w)).toBe(200);

  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);
  await page.goto('/admin/areas/provinces');
  await page.getByLabel('Tìm kiếm').fill(`Tỉnh Thử ${code}`);
  await page.getByLabel('Tìm kiếm').press('Enter');
  await page
    .getByRole('row', { name: new RegExp(`Tỉnh Thử ${code}`) })
    .getByRole('button', { name: 'Xem chi tiết' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/areas/provinces/${p.data.entry.id}/detail$`));
  await expect(page.getByText('Phường/xã trực thuộc tỉnh')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Phường Trung Tâm Thử' })).toBeVisible();
  await expectAccessible(page);
});

test('ward and district pickers search the national list on the server, within the chosen province', async ({ page }) => {
  await page.goto('/auth/login');
  await signInWithForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/home$/);

  // 3,321 communes: the picker sends the typed text with a limit, and names each option's province
  await page.goto('/admin/manufactures/create');
  const ward = page.getByRole('combobox', { name: 'Phường/xã' });
  await expect(ward).toBeVisible();
  // checked with the picker closed: rc-select's drawn options carry aria-selected without a role (its
  // accessible listbox is a separate, hidden element), which axe reports on an open list
  await expectAccessible(page);
  await ward.click();
  const asked = page.waitForRequest((r) => r.url().includes('/api/admin/wards?') && /search=ninh(\+|%20)kieu/.test(r.url()) && r.url().includes('limit=20'));
  await ward.fill('ninh kieu');
  await asked;
  await expect(page.locator('.ant-select-item-option', { hasText: 'Phường Ninh Kiều – Thành phố Cần Thơ' })).toBeVisible();

  // a ward's district picker asks only for the chosen province's districts
  await page.goto('/admin/areas/wards/create');
  const province = page.getByRole('combobox', { name: 'Tỉnh/thành phố' });
  await province.click();
  await province.fill('can tho');
  const districts = page.waitForRequest((r) => r.url().includes('/api/admin/districts?') && /province_id=\d+/.test(r.url()));
  await page.locator('.ant-select-item-option', { hasText: 'Thành phố Cần Thơ' }).first().click();
  await page.getByRole('combobox', { name: 'Quận/huyện (nếu có)' }).click();
  await districts;
});
