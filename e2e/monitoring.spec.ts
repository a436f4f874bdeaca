import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN, adminToken } from './helpers';

/**
 * Issue 15 through the real screens: a station created on its form, its device key shown once,
 * readings sent with that key through the ingest route (as a device would), the band on the list
 * and the station's charts with the bands behind; a ward officer's fixed ward on the form, and their
 * station on the overview's canvas map (hover and pick).
 */
const stamp = Date.now().toString(36);

async function signIn(page: Page, creds: { username: string; password: string } = ADMIN) {
  const res = await page.request.post('/api/auth/login', { data: creds });
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

test('monitoring: create an air station, send readings with its key, see its band and its chart', async ({ page, request, browser }) => {
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

  // the overview: counted in its type's row
  await page.goto('/admin/monitoring/statistics/overview');
  await expect(page.getByTestId('points-map').locator('canvas')).toBeVisible();
  await expect(page.locator('tr', { hasText: 'Không khí' }).getByText(new RegExp(`^${last.band_label}: \\d+$`))).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-overview.png' });

  // an officer of the ward: the form's ward is theirs and fixed; the map (one canvas) holds their one station
  const permissions = ['list', 'read', 'create', 'update'].map((action) => ({ action, subject: 'monitorings' }));
  const role = await (await request.post('/api/admin/roles', { headers, data: { name: `Quan trắc phường ${stamp}`, permissions } })).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const officer = { username: `qt_${stamp}`, password: 'ThuNghiem#2026' };
  const made = await (
    await request.post('/api/admin/users', {
      headers,
      data: { ...officer, full_name: `Cán bộ quan trắc ${stamp}`, role_id: role.data.entry.id, scope: 'ward', ward_id: ward.id, status: 'active' },
    })
  ).json();
  expect(made.code, JSON.stringify(made)).toBe(200);
  const mine = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(mine, officer);
  await mine.goto('/admin/monitoring/locations/create');
  const wardBox = mine.getByRole('combobox', { name: 'Phường/xã' });
  await expect(wardBox).toBeDisabled();
  await expect(mine.locator('.ant-select-disabled', { hasText: ward.name })).toBeVisible();
  await mine.goto('/admin/monitoring/statistics/overview');
  const map = mine.getByTestId('points-map');
  await expect(map.locator('canvas')).toBeVisible();
  await expect(map).toHaveAttribute('data-points', '1');
  // one station: the map centres on it; hover names its type and band, a click shows the station
  const box = await map.boundingBox();
  if (!box) throw new Error('no map box');
  await mine.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(mine.locator('.leaflet-tooltip')).toHaveText(`Không khí: ${last.band_label}`);
  await mine.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(mine.getByTestId('picked-station')).toContainText(`${code} · Trạm không khí ${stamp}`);
  await expect(mine.getByTestId('picked-station').getByTestId('band-tag')).toHaveText(last.band_label);
  await expectAccessible(mine);
  await mine.screenshot({ path: 'test-results/shots/monitoring-overview-officer.png' });
  await mine.context().close();

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

test('monitoring: insect orders and their data, seafood criteria and the readings export of a water station, on a phone too', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: object) => {
    const env = await (await request.post(url, { headers, data })).json();
    expect(env.code, JSON.stringify(env)).toBe(200);
    return env.data;
  };
  const province = (await post('/api/admin/provinces', { code: `PI${stamp}`.slice(0, 10), name: `Tỉnh côn trùng ${stamp}` })).entry;
  const ward = (await post('/api/admin/wards', { code: `WI${stamp}`.slice(0, 10), name: `Xã Côn Trùng ${stamp}`, province_id: province.id })).entry;
  const order = (await post('/api/admin/insect-orders', { code: `bo_${stamp}`, name: `Bộ thử ${stamp}`, scientific_name: 'Thysanoptera', status: 1 })).entry;
  const insect = await post('/api/admin/monitorings', {
    code: `CT-${stamp}`.toUpperCase(),
    name: `Trạm côn trùng ${stamp}`,
    type: 6,
    ward_id: ward.id,
    status: 1,
  });
  const now = Date.now();
  const hours = (n: number, values: (i: number) => object) =>
    Array.from({ length: n }, (_, i) => ({ measured_at: new Date(now - (n - 1 - i) * 3_600_000 - 60_000).toISOString(), values: values(i) }));
  const sent = await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': insect.device_key },
    data: { readings: hours(24, (i) => ({ [`bo_${stamp}`]: 2 + (i % 6), density: 10 + (i % 6) })) },
  });
  expect((await sent.json()).data.stored).toBe(24);

  await signIn(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/monitoring/statistics/insect-data');
  await expect(page.getByTestId('chart-mật độ theo bộ côn trùng').locator('canvas')).toBeVisible();
  await expect(page.locator('tr', { hasText: `Trạm côn trùng ${stamp}` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-insect-data.png' });
  await page
    .locator('tr', { hasText: `Trạm côn trùng ${stamp}` })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/admin\/monitoring\/statistics\/insect\/\d+$/);
  await expect(page.getByTestId(`chart-Mật độ Bộ thử ${stamp}`).locator('canvas')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-insect-station.png', fullPage: true });

  // the order's bands on the configs screen: a gap refused, naming the order
  await page.goto('/admin/monitoring/threshold-configs');
  await page.getByRole('tab', { name: 'Côn trùng' }).click();
  // the first order is already chosen: its caption covers the box
  await page.getByRole('combobox', { name: 'Bộ côn trùng' }).click({ force: true });
  await page
    .locator('.ant-select-item-option', { hasText: `Bộ thử ${stamp}` })
    .first()
    .click();
  await page.getByLabel(`Từ, khoảng 2 của bo_${stamp}`).fill('6');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByTestId('config-errors')).toContainText(`Mật độ Bộ thử ${stamp} còn trống 5–6`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/shots/monitoring-insect-config.png' });
  expect(order.id).toBeGreaterThan(0);

  // a water station where a shrimp is farmed: its criteria checked on the station page, the period exported
  const seafood = (await post('/api/admin/seafoods', { code: `TOM${stamp}`.slice(0, 20), name: `Tôm thử ${stamp}`, ward_ids: [ward.id], is_active: true }))
    .entry;
  await post('/api/admin/criteria-seafoods', {
    code: `TC${stamp}`.slice(0, 20),
    name: `Tôm thử nuôi thương phẩm ${stamp}`,
    seafood_id: seafood.id,
    salinity_min: 10,
    salinity_max: 25,
    temperature_min: 26,
    temperature_max: 32,
    dissolved_oxygen_min: 4,
    is_active: true,
  });
  const water = await post('/api/admin/monitorings', {
    code: `NC-${stamp}`.toUpperCase(),
    name: `Trạm nước đầm tôm ${stamp}`,
    type: 2,
    ward_id: ward.id,
    status: 1,
    lat: 12.68,
    long: 108.04,
  });
  await request.post('/api/ingest/readings', {
    headers: { 'x-device-key': water.device_key },
    data: {
      readings: hours(12, (i) => ({ salinity: 15, temperature: i === 11 ? 34 : 29, do: 5.5, ph: 7.8, bod5: 3, cod: 9, nh4: 0.2, po4: 0.1, coliform: 2000 })),
    },
  });
  await page.goto(`/admin/monitoring/statistics/station/${water.entry.id}`);
  const card = page.getByTestId('seafood-checks');
  await expect(card).toContainText(`Tôm thử ${stamp}`);
  await expect(card).toContainText('1 thông số ngoài ngưỡng');
  await expect(card.locator('tr', { hasText: 'Nhiệt độ' })).toContainText('34 · Cao hơn');
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('readings-export').click();
  expect((await download).suggestedFilename()).toMatch(/^tram-NC-.*\.xlsx$/);
  await page.screenshot({ path: 'test-results/shots/monitoring-water.png', fullPage: true });

  // a phone: nothing wider than the screen on the overview and the station page
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/admin/monitoring/statistics/overview', `/admin/monitoring/statistics/station/${water.entry.id}`]) {
    await page.goto(url);
    await expect(page.locator('canvas, .leaflet-container').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/shots/monitoring-phone-${url.includes('overview') ? 'overview' : 'station'}.png`, fullPage: true });
  }
});
