import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 29 §9: the designer's preview shows the QR code's quiet zone, and a stamp too small for the
 * code with its 4-module margin is said so (and not printed) instead of giving a code phones may not read.
 */
const stamp = `QZ${Date.now().toString(36).toUpperCase()}`;

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const env = await (await request.post(url, { headers: { authorization: `Bearer ${token}` }, data })).json();
  expect(env.code, JSON.stringify(env)).toBe(200);
  return env.data.entry as Record<string, any>;
}

test('stamp designer: the preview shows the quiet zone; a stamp too small for it is refused with a warning', async ({ page, request }) => {
  const token = await adminToken(request);
  const province = await post(request, token, '/api/admin/provinces', { code: `P${stamp}`.slice(0, 10), name: `Tỉnh thử ${stamp}` });
  const ward = await post(request, token, '/api/admin/wards', { code: `W${stamp}`.slice(0, 10), name: `Xã thử ${stamp}`, province_id: province.id });
  const producer = await post(request, token, '/api/admin/manufactures', { code: `CSSX-${stamp}`, name: `HTX ${stamp}`, ward_id: ward.id });
  const product = await post(request, token, '/api/admin/products', { code: `SP-${stamp}`, name: `Chè ${stamp}`, manufacture_id: producer.id });
  const run = await post(request, token, '/api/admin/stamps', { product_id: product.id, quantity: 2 });
  const env = await (await request.post('/api/auth/login', { data: ADMIN })).json();
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
  await page.goto(`/admin/general/stamps/${run.id}/detail`);

  const preview = page.getByTestId('stamp-preview');
  const zone = preview.getByTestId('qr-quiet-zone');
  await expect(zone).toHaveAttribute('width', '30');
  await expect(page.getByTestId('qr-quiet-zone-warning')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'In tem' })).toBeEnabled();

  // 30 mm of code with its margin in a stamp 25 mm high: said, and not printed
  await page.getByLabel('Chiều cao tem (mm)').fill('25');
  const warning = page.getByTestId('qr-quiet-zone-warning');
  await expect(warning).toContainText('quá nhỏ cho mã QR 3 cm');
  await expect(warning).toContainText('lề trắng 4 ô');
  await expect(page.getByRole('button', { name: 'In tem' })).toBeDisabled();
  await expectAccessible(page);
  await preview.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: 'test-results/stamp-quiet-zone-warning.png' });

  // a smaller code fits again
  await page.getByLabel('Cỡ mã QR (cm)').fill('2');
  await expect(warning).toHaveCount(0);
  await expect(zone).toHaveAttribute('width', '20');
  await expect(page.getByRole('button', { name: 'In tem' })).toBeEnabled();
});
