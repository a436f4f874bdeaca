import { randomInt } from 'node:crypto';
import { isGtin, withGs1CheckDigit, withTaxCheckDigit } from '@nns/shared/validators';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { ADMIN } from './helpers';

/**
 * Issue 5 through the real screens: a producer, a material area drawn on the map, a product with two
 * images, its approval, a search without accents, and an export of the filtered list imported back
 * with one change.
 */
async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
  return env.data.token as string;
}

async function saved(page: Page, message: string) {
  await expect(page.locator('.ant-modal-confirm-title', { hasText: message })).toBeVisible();
  const ok = page.getByRole('button', { name: 'Đồng ý!', exact: true });
  await ok.click();
  await expect(ok).toBeHidden();
}

async function pickRef(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

const png = (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('producers: manufacturer, drawn material area, product with two images, approve, search, export and import back', async ({ page }) => {
  // three forms, a map, uploads, an import and an axe-core check of each screen: near the default 90 s when busy
  test.slow();
  const stamp = Date.now().toString(36).toUpperCase();
  // a new valid GTIN-13 and tax code each run (893 + 9 random digits + check digit; 9 digits + check digit): both are
  // unique, so a retry on the same server (CI's one retry) is not a duplicate
  const gtin = withGs1CheckDigit(`893${String(randomInt(0, 1e9)).padStart(9, '0')}`);
  expect(isGtin(gtin)).toBe(true);
  const taxCode = (() => {
    for (;;) {
      const c = withTaxCheckDigit(`60${String(randomInt(0, 1e7)).padStart(7, '0')}`);
      if (c) return c;
    }
  })();
  const producer = `Hợp tác xã Sầu riêng Krông Pắc ${stamp}`;
  const product = `Sầu riêng Ri6 Krông Pắc ${stamp}`;
  const token = await signIn(page);
  const api = async (url: string) => (await (await page.request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()).data;

  // a manufacturer; the server's tax-code rule shows under its field first
  await page.goto('/admin/manufactures/create');
  await page.getByRole('textbox', { name: 'Mã cơ sở' }).fill(`CSSX-${stamp}`);
  await page.getByRole('textbox', { name: 'Tên cơ sở sản xuất' }).fill(producer);
  await page.getByRole('textbox', { name: 'Mã số thuế' }).fill('60012');
  await page.getByRole('textbox', { name: 'Số điện thoại' }).fill('0905123789');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Mã số thuế phải gồm 10 chữ số' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Mã số thuế' }).fill(taxCode);
  await page.getByRole('button', { name: 'Lưu' }).click();
  await saved(page, 'Thêm mới thành công');
  await expect(page).toHaveURL(/\/admin\/manufactures$/);

  // a material area: a point, then a boundary of four corners drawn on the map
  await page.goto('/admin/material-areas/create');
  await page.getByRole('textbox', { name: 'Mã vùng' }).fill(`VNL-${stamp}`);
  await page.getByRole('textbox', { name: 'Tên vùng nguyên liệu' }).fill(`Vườn sầu riêng ${stamp}`);
  await page.getByRole('spinbutton', { name: 'Diện tích (ha)' }).fill('5');
  await pickRef(page, 'Cơ sở sản xuất', producer);
  const map = page.getByTestId('map');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await page.getByText('Vẽ ranh giới', { exact: true }).click();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
  ])
    await map.click({ position: { x: box.width * x, y: box.height * y } });
  await expect(page.getByTestId('map-area')).toContainText('ha');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('area-drawn.png') });
  await page.getByRole('button', { name: 'Lưu' }).click();
  await saved(page, 'Thêm mới thành công');
  const areas = await api(`/api/admin/material-areas?search=${stamp.toLowerCase()}`);
  expect(areas.entries).toHaveLength(1);
  expect(areas.entries[0].boundary.coordinates[0]).toHaveLength(5);
  expect(areas.entries[0].boundary_acreage).toBeGreaterThan(0);
  expect(areas.entries[0].lat).toEqual(expect.any(Number));

  // a product with two images (uploaded, checked by content, shown as thumbnails)
  await page.goto('/admin/products/create');
  await page.getByRole('textbox', { name: 'Mã sản phẩm' }).fill(`SP-${stamp}`);
  await page.getByRole('textbox', { name: 'Tên sản phẩm' }).fill(product);
  await page.getByRole('textbox', { name: 'Mã vạch (GTIN)' }).fill(gtin);
  await pickRef(page, 'Cơ sở sản xuất', producer);
  await page.getByRole('spinbutton', { name: 'Giá (VNĐ)' }).fill('180000');
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'sau-rieng-1.png', mimeType: 'image/png', buffer: await png('#c0ca33') },
    {
      name: 'sau-rieng-2.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp(await png('#7cb342'))
        .jpeg()
        .toBuffer(),
    },
  ]);
  await expect(page.locator('.ant-image img')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lưu' }).click();
  await saved(page, 'Thêm mới thành công');

  // found by a search without accents; approved from the list
  await page.getByLabel('Tìm kiếm').fill(`sau rieng ri6 krong pac ${stamp.toLowerCase()}`);
  await page.getByLabel('Tìm kiếm').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(product) });
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row.getByText('Chờ duyệt')).toBeVisible();
  await row.getByRole('button', { name: 'Phê duyệt' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(row.getByText('Đã duyệt')).toBeVisible();
  await expectAccessible(page);
  const created = (await api(`/api/admin/products?search=${stamp.toLowerCase()}`)).entries[0];
  expect(created.images).toHaveLength(2);
  expect(created.status).toBe('approved');

  // export the filtered list, change the price in the file, import it back (dry run, then write)
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1);
  expect(ws.rowCount).toBe(2);
  expect(ws.getRow(2).getCell(headers.indexOf('Tên sản phẩm') + 1).value).toBe(product);
  ws.getRow(2).getCell(headers.indexOf('Giá (VNĐ)') + 1).value = 210000;
  const changed = Buffer.from(await wb.xlsx.writeBuffer());

  await page.getByRole('button', { name: 'Nhập Excel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'san-pham.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: changed });
  await dialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();
  await expect(dialog.getByText(/cập nhật/i).first()).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Nhập dữ liệu' }).click();
  await page.getByRole('button', { name: 'Đồng ý!', exact: true }).click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Đã nhập: thêm mới 0, cập nhật 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Đóng' }).click();
  await expect(row.getByText('210.000')).toBeVisible();
  const after = (await api(`/api/admin/products?search=${stamp.toLowerCase()}`)).entries[0];
  expect(after).toMatchObject({ price: 210000, status: 'approved', id: created.id });
  expect(after.images).toEqual(created.images);
});
