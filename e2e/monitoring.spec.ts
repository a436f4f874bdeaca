import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 15 through the real screens: a station created on its form, its device key shown once,
 * readings sent with that key through the ingest route (as a device would), the band on the list
 * and the station's charts with the bands behind.
 */
const stamp = Date.now().toString(36);

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

async function pick(page: Page, label: string, text: string, search = true) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

test('monitoring: create an air station, send readings with its key, see its band and its chart', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const province = (
    await (await request.post('/api/admin/provinces', { headers, data: { code: `PM${stamp}`.slice(0, 10), name: `Tỉnh quan trắc ${stamp}` } })).json()
  ).data.entry;
  const ward = (
    await (
      await request.post('/api/admin/wards', {
        headers,
        data: { code: `WM${stamp}`.slice(0, 10), name: `Phường Quan Trắc ${stamp}`, province_id: province.id },
      })
    ).json()
  ).data.entry;

  await signIn(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/monitoring/locations/create');
  await expect(page.getByLabel('Mã trạm')).toBeVisible();
  await expectAccessible(page);
  const code = `KK-${stamp}`.toUpperCase();
  await page.getByLabel('Mã trạm').fill(code);
  await page.getByLabel('Tên trạm').fill(`Trạm không khí ${stamp}`);
  await pick(page, 'Loại trạm', 'Không khí', false);
  await pick(page, 'Phường/xã', ward.name);
  await page.getByLabel('Vĩ độ', { exact: true }).fill('12.6813');
  await page.getByLabel('Kinh độ', { exact: true }).fill('108.0414');
  await page.getByRole('button', { name: 'Lưu' }).click();

  // the key, once, on the list the form returns to
  const keyText = page.getByTestId('device-key');
  await expect(keyText).toBeVisible();
  const key = (await keyText.textContent())?.trim() ?? '';
  expect(key).toMatch(/^nns_/);
  await page.screenshot({ path: 'test-results/shots/monitoring-key.png' });
  await page.getByRole('button', { name: 'Đã lưu khóa, đóng' }).click();
  await expect(keyText).toBeHidden();

  // a device sends the last 12 hours, the last one a heavy episode
  const now = Date.now();
  const readings = Array.from({ length: 12 }, (_, i) => ({
    measured_at: new Date(now - (11 - i) * 3_600_000 - 60_000).toISOString(),
    values: { pm25: i < 11 ? 20 + i : 320, no2: 80, o3: 90 },
  }));
  const sent = await request.post('/api/ingest/readings', { headers: { 'x-device-key': key }, data: { readings } });
  const answer = await sent.json();
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  expect(answer.data.stored).toBe(12);
  expect(answer.data.readings[11].band).toBeLessThanOrEqual(2);
  const last = answer.data.readings[11];
  // a wrong key is refused
  expect((await request.post('/api/ingest/readings', { headers: { 'x-device-key': 'nns_sai' }, data: readings[0] })).status()).toBe(401);

  await page.goto(`/admin/monitoring/locations?search=${encodeURIComponent(code)}`);
  const row = page.locator('tr', { hasText: code });
  await expect(row.getByTestId('band-tag')).toHaveText(last.band_label);
  await page.screenshot({ path: 'test-results/shots/monitoring-list.png' });

  await row.getByRole('link', { name: `Biểu đồ trạm ${code}` }).click();
  await expect(page).toHaveURL(/\/admin\/monitoring\/statistics\/station\/\d+$/);
  await expect(page.getByText(`Trạm không khí ${stamp}`)).toBeVisible();
  await expect(page.getByTestId('band-tag').first()).toHaveText(last.band_label);
  await expect(page.getByTestId('chart-VN_AQI (giờ)').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-PM2.5').locator('canvas')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-station.png', fullPage: true });

  // the overview: the station on the map in its band's colour, counted in its type's row
  await page.goto('/admin/monitoring/statistics/overview');
  await expect(page.getByTestId('points-map').locator(`path.leaflet-interactive[fill="${last.band_color}"]`).first()).toBeVisible();
  await expect(page.locator('tr', { hasText: 'Không khí' }).getByText(new RegExp(`^${last.band_label}: \\d+$`))).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-overview.png' });

  // the bands: a gap is refused with a message naming the bands, nothing saved
  await page.goto('/admin/monitoring/threshold-configs');
  await page.getByRole('tab', { name: 'Đất' }).click();
  const from = page.getByLabel('Từ, khoảng 3 của ph');
  await from.fill('6');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByTestId('config-errors')).toContainText("Giữa khoảng 'Khá thấp' (4.5–5.5) và khoảng 'Tốt' (6–7.5) của pH đất còn trống 5.5–6");
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-configs.png' });
});
