import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 29 (points 3 and 11) through the real screens: an air station's page names the decision's own
 * VN_AQI category in its official colour beside the spec's band; the threshold configs' ward picker
 * asks the server, so a ward beyond the first hundred can be picked, and the screen names it.
 */
const stamp = Date.now().toString(36);

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/login', { data: ADMIN });
  const env = await res.json();
  expect(env.code, env.message).toBe(200);
  await page.addInitScript((s) => localStorage.setItem('nns.session', s), JSON.stringify({ token: env.data.token, user: env.data.entry }));
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('monitoring indices: the station page shows the official VN_AQI category and colour; the configs picker finds any ward', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const wards = await (await request.get('/api/admin/wards', { headers, params: { limit: '1', page: '150' } })).json();
  expect(wards.code, JSON.stringify(wards)).toBe(200);
  // the ward at offset 149 of the list the old picker loaded the first 100 of
  const far = wards.data.entries[0] as { id: number; name: string };
  expect(far, 'the demo data holds more than 150 wards').toBeTruthy();

  const made = await (
    await request.post('/api/admin/monitorings', {
      headers,
      data: { code: `KKI-${stamp}`.toUpperCase(), name: `Trạm chỉ số ${stamp}`, type: 1, ward_id: far.id, status: 1, expected_interval_minutes: 60 },
    })
  ).json();
  expect(made.code, JSON.stringify(made)).toBe(200);
  const now = Date.now();
  // PM2.5 around 55 µg/m³ for 12 hours: VN_AQI ≈ 105, 'Kém' (#FF7E00)
  const readings = Array.from({ length: 12 }, (_, i) => ({
    measured_at: new Date(now - (11 - i) * 3_600_000 - 60_000).toISOString(),
    values: { pm25: 55, o3: 60 },
  }));
  const sent = await (await request.post('/api/ingest/readings', { headers: { 'x-device-key': made.data.device_key }, data: { readings } })).json();
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const last = sent.data.readings[11];
  expect(last.aqi).toBeGreaterThan(100);
  expect(last.aqi).toBeLessThanOrEqual(150);

  await signIn(page);
  await page.goto(`/admin/monitoring/statistics/station/${made.data.entry.id}`);
  const official = page.getByTestId('official-category');
  await expect(official).toHaveText(`VN_AQI ${last.aqi}: Kém`);
  await expect(official).toHaveCSS('background-color', rgb('#FF7E00'));
  // the spec's band stays beside it
  await expect(page.getByTestId('band-tag').first()).toHaveText(last.band_label);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-official-category.png' });

  await page.goto('/admin/monitoring/threshold-configs');
  await expect(page.getByTestId('config-ward')).toHaveText('Đang cấu hình: ngưỡng mặc định cho mọi phường/xã trong cả nước');
  const box = page.getByRole('combobox', { name: 'Phường/xã:' });
  await box.click();
  await box.fill(far.name);
  await page.locator('.ant-select-item-option', { hasText: far.name }).first().click();
  await expect(page.getByTestId('config-ward')).toContainText(`Đang cấu hình: ${far.name}`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-configs-ward.png' });
});
