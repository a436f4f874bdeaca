import { describe, expect, it } from 'vitest';
import {
  AQI_BANDS,
  alertLevelOf,
  aqiSubIndex,
  BAND_PRESETS,
  bandConfigErrors,
  bandOf,
  dailyAqi,
  dailyAqiInputs,
  doSaturation,
  hourlyAqi,
  levelOfValue,
  nowcast,
  officialCategory,
  rainClassOf,
  vnWqi,
  WQI_BANDS,
  wqiDoPercent,
  wqiOrganic,
  wqiPh,
  wqiSubIndex,
} from './monitoring';

describe('VN_AQI (QĐ 1459/QĐ-TCMT)', () => {
  it('NowCast of the decision’s worked example is 20.27', () => {
    // hourly means 09:00 … 20:00; c1 is the current hour (20:00)
    const hours = [26.9, 24.7, 20.5, 23.5, 19.5, 16.5, 19.0, 16.5, 20.3, 22.4, 19.6, 20.6].reverse();
    expect(nowcast(hours)).toBeCloseTo(20.27, 2);
  });

  it('NowCast needs 2 of the 3 latest hours; missing hours are left out of both sums', () => {
    expect(nowcast([10, null, null, 20])).toBeNull();
    expect(nowcast([10, null, 20])).not.toBeNull();
    // cmin/cmax = 0.5: weights 1, 0.25 for hours 0 and 2
    expect(nowcast([10, null, 20])).toBeCloseTo((10 + 0.25 * 20) / 1.25, 10);
    // w* below 1/2 is raised to 1/2
    expect(nowcast([10, 100])).toBeCloseTo((10 + 0.5 * 100) / 1.5, 10);
  });

  it('hourly AQI of the worked example: O3 43, PM2.5 41, NO2 59.35 → 59, NO2 dominant', () => {
    expect(Math.round(aqiSubIndex('o3_1h', 136.1))).toBe(43);
    expect(Math.round(aqiSubIndex('pm25', 20.27))).toBe(41);
    expect(aqiSubIndex('no2', 118.7)).toBeCloseTo(59.35, 10);
    const r = hourlyAqi({ o3: 136.1, pm25_nowcast: 20.27, no2: 118.7 });
    expect(r).toMatchObject({ aqi: 59, dominant: 'no2' });
  });

  it('daily AQI of the worked example is 110 from PM2.5 (109.5)', () => {
    expect(Math.round(aqiSubIndex('o3_8h', 89.3))).toBe(45);
    expect(Math.round(aqiSubIndex('o3_1h', 114.6))).toBe(36);
    expect(Math.round(aqiSubIndex('no2', 130.8))).toBe(65);
    expect(aqiSubIndex('pm25', 55.7)).toBeCloseTo(109.5, 10);
    expect(dailyAqi({ o3_max8h: 89.3, o3_max1h: 114.6, no2_max1h: 130.8, pm25_24h: 55.7 })).toMatchObject({ aqi: 110, dominant: 'pm25' });
  });

  it('every breakpoint gives its index exactly, and the midpoint of each segment its mean', () => {
    const I = [0, 50, 100, 150, 200, 300, 400, 500];
    const table = {
      o3_1h: [0, 160, 200, 300, 400, 800, 1000, 1200],
      co: [0, 10000, 30000, 45000, 60000, 90000, 120000, 150000],
      so2: [0, 125, 350, 550, 800, 1600, 2100, 2630],
      no2: [0, 100, 200, 700, 1200, 2350, 3100, 3850],
      pm10: [0, 50, 150, 250, 350, 420, 500, 600],
      pm25: [0, 25, 50, 80, 150, 250, 350, 500],
    } as const;
    for (const [p, bp] of Object.entries(table)) {
      bp.forEach((c, i) => {
        expect(aqiSubIndex(p as 'co', c), `${p} ${c}`).toBeCloseTo(I[i], 10);
        if (i > 0) expect(aqiSubIndex(p as 'co', (bp[i - 1] + c) / 2)).toBeCloseTo((I[i - 1] + I[i]) / 2, 10);
      });
      expect(aqiSubIndex(p as 'co', bp[7] * 2)).toBe(500);
    }
    // O3 8h stops at 300; the daily index ignores an 8-h mean above 400
    expect(aqiSubIndex('o3_8h', 210)).toBe(200);
    expect(aqiSubIndex('o3_8h', 400)).toBe(300);
    expect(dailyAqi({ o3_max8h: 450 })).toBeNull();
  });
});

describe('VN_AQI needs particulates (QĐ 1459 §2.1.b)', () => {
  it('an hour of gases only has no AQI, never one taken from O3 alone', () => {
    expect(hourlyAqi({ o3: 500 })).toBeNull();
    expect(hourlyAqi({ o3: 136.1, no2: 118.7, co: 5000, so2: 50 })).toBeNull();
    // PM present but its NowCast invalid: no PM sub-index, so no AQI either
    expect(hourlyAqi({ o3: 500, pm25_nowcast: null })).toBeNull();
    expect(hourlyAqi({ o3: 500, pm10_nowcast: 10 })).toMatchObject({ aqi: Math.round(aqiSubIndex('o3_1h', 500)), dominant: 'o3_1h' });
  });
  it('a day of gases only has no daily AQI', () => {
    expect(dailyAqi({ o3_max1h: 300, o3_max8h: 200, no2_max1h: 500 })).toBeNull();
    expect(dailyAqi({ o3_max1h: 300, pm10_24h: 20 })).toMatchObject({ dominant: 'o3_1h', aqi: 150 });
  });
});

describe('daily VN_AQI from hourly means', () => {
  const H = 3_600_000;
  const day = Date.parse('2026-11-19T17:00:00Z'); // 2026-11-20 00:00 at UTC+7
  it('PM from the mean of the day’s hours, gases from the highest hour, O3 from the highest 8-h window; the example gives 110', () => {
    const hours = new Map<number, Record<string, number>>();
    // PM2.5: alternating 45.7 / 65.7 → 24-h mean 55.7; NO2 peaks at 130.8; O3 1 h peaks at 114.6, 8 h best 89.3
    for (let i = 0; i < 24; i++)
      hours.set(day + i * H, {
        pm25: i % 2 ? 65.7 : 45.7,
        no2: i === 13 ? 130.8 : 40,
        o3: i >= 8 && i < 16 ? (i === 12 ? 114.6 : (89.3 * 8 - 114.6) / 7) : 20,
      });
    // hours before the day are not in the 24-h mean
    hours.set(day - H, { pm25: 400, o3: 20 });
    const inputs = dailyAqiInputs(hours, day);
    expect(inputs.pm25_24h).toBeCloseTo(55.7, 10);
    expect(inputs.no2_max1h).toBe(130.8);
    expect(inputs.o3_max1h).toBe(114.6);
    expect(inputs.o3_max8h).toBeCloseTo(89.3, 3);
    expect(dailyAqi(inputs)).toMatchObject({ aqi: 110, dominant: 'pm25' });
    // the mean of the hourly AQIs would differ: the daily index is its own computation
  });
  it('an 8-h window needs 6 of its hours; above 400 the 8-h column is ignored', () => {
    const hours = new Map<number, Record<string, number>>([[day + 5 * H, { o3: 180, pm10: 10 }]]);
    expect(dailyAqiInputs(hours, day).o3_max8h).toBeNull();
    expect(dailyAqi({ pm10_24h: 10, o3_max1h: 450, o3_max8h: 450 })).toMatchObject({ dominant: 'o3_1h', aqi: Math.round(aqiSubIndex('o3_1h', 450)) });
  });
});

describe('official categories (QĐ 1459, QĐ 1460)', () => {
  it('VN_AQI: Tốt … Nguy hại with the decision’s colours', () => {
    expect(AQI_BANDS.map((b) => b.label)).toEqual(['Tốt', 'Trung bình', 'Kém', 'Xấu', 'Rất xấu', 'Nguy hại']);
    expect(officialCategory('aqi', 50)).toEqual({ label: 'Tốt', color: '#00E400' });
    expect(officialCategory('aqi', 51)).toEqual({ label: 'Trung bình', color: '#FFFF00' });
    expect(officialCategory('aqi_day', 110)).toEqual({ label: 'Kém', color: '#FF7E00' });
    expect(officialCategory('aqi', 200)).toEqual({ label: 'Xấu', color: '#FF0000' });
    expect(officialCategory('aqi', 201)).toEqual({ label: 'Rất xấu', color: '#8F3F97' });
    expect(officialCategory('aqi', 301)).toEqual({ label: 'Nguy hại', color: '#7E0023' });
    expect(officialCategory('aqi', null)).toBeNull();
    expect(officialCategory('pm25', 10)).toBeNull();
  });
  it('VN_WQI: Rất tốt … Ô nhiễm rất nặng', () => {
    expect(WQI_BANDS.map((b) => b.label)).toEqual(['Rất tốt', 'Tốt', 'Trung bình', 'Xấu', 'Kém', 'Ô nhiễm rất nặng']);
    expect(officialCategory('wqi', 91)).toEqual({ label: 'Rất tốt', color: '#3333FF' });
    expect(officialCategory('wqi', 26)).toEqual({ label: 'Xấu', color: '#FF7E00' });
    expect(officialCategory('wqi', 9)).toEqual({ label: 'Ô nhiễm rất nặng', color: '#7E0023' });
  });
});

describe('rain classes of a 24-hour total (Tổng cục KTTV)', () => {
  it('edges with no gap: 0, (0, 6), [6, 16), [16, 50], (50, 100], > 100', () => {
    const cases: [number, number][] = [
      [0, 1],
      [0.1, 2],
      [5.9, 2],
      [6, 3],
      [15.9, 3],
      [16, 4],
      [50, 4],
      [50.5, 5],
      [100, 5],
      [100.5, 6],
      [400, 6],
    ];
    for (const [mm, level] of cases) expect([mm, rainClassOf(mm)]).toEqual([mm, level]);
    for (const [mm, level] of cases) expect([mm, bandOf(3, BAND_PRESETS[3], { rain_mm: mm })]).toEqual([mm, level]);
  });
  it('to_inclusive: a range holds its end and the next starts just above; a point range needs it', () => {
    const bands = [
      { level: 1, from: 0, to: 0, to_inclusive: true },
      { level: 2, from: 0, to: 10, to_inclusive: true },
      { level: 3, from: 10, to: null },
    ];
    expect([0, 10, 10.01].map((v) => levelOfValue(bands, v))).toEqual([1, 2, 3]);
    expect(bandConfigErrors(3, { parameters: { rain_mm: bands } })).toEqual([]);
    expect(bandConfigErrors(3, { parameters: { rain_mm: [{ level: 1, from: 0, to: 0 }, ...bands.slice(1)] } })).toHaveLength(1);
  });
});

describe('VN_WQI (QĐ 1460/QĐ-TCMT)', () => {
  it('sub-indices at breakpoints, between them and beyond', () => {
    expect(wqiSubIndex('bod5', 4)).toBe(100);
    expect(wqiSubIndex('bod5', 6)).toBe(75);
    expect(wqiSubIndex('bod5', 5)).toBeCloseTo(87.5, 10);
    expect(wqiSubIndex('bod5', 50)).toBe(10);
    expect(wqiSubIndex('bod5', 51)).toBe(10);
    expect(wqiSubIndex('cod', 90)).toBeCloseTo(25 - (15 * 40) / 100, 10);
    // the repeated breakpoint: at 0.3 → 100, just above → 75 falling to 50 at 0.6
    expect(wqiSubIndex('nh4', 0.3)).toBe(100);
    expect(wqiSubIndex('nh4', 0.300001)).toBeCloseTo(75, 3);
    expect(wqiSubIndex('nh4', 0.45)).toBeCloseTo(62.5, 10);
    // no BP5: beyond BP4 → 10
    expect(wqiSubIndex('coliform', 10000)).toBe(25);
    expect(wqiSubIndex('coliform', 10001)).toBe(10);
    expect(wqiPh(7)).toBe(100);
    expect(wqiPh(5.75)).toBe(75);
    expect(wqiPh(8.75)).toBe(75);
    expect(wqiPh(5.4)).toBe(10);
    expect(wqiPh(9.1)).toBe(10);
  });

  it('DO as % saturation', () => {
    expect(doSaturation(20)).toBeCloseTo(14.652 - 8.2044 + 3.1964 - 0.62219, 3);
    expect(wqiDoPercent(100)).toBe(100);
    expect(wqiDoPercent(35)).toBeCloseTo(37.5, 10);
    expect(wqiDoPercent(137.5)).toBeCloseTo(62.5, 10);
    expect(wqiDoPercent(19)).toBe(10);
    expect(wqiDoPercent(201)).toBe(10);
  });

  it('the whole index, by hand', () => {
    // I = 100; IV = mean(87.5, 100, 62.5) = 83.333; V = coliform 5000 → 75
    const r = vnWqi({ ph: 7.2, bod5: 5, cod: 8, nh4: 0.45, coliform: 5000 });
    const iv = (87.5 + 100 + 62.5) / 3;
    expect(r?.groups.IV).toBeCloseTo(iv, 10);
    expect(r?.wqi).toBe(Math.round(Math.cbrt(iv * iv * 75)));
    expect(wqiOrganic(iv, 75)).toBeCloseTo(Math.cbrt(iv * iv * 75), 10);
    // a metal above its limits (group III) and pH 8.75 (75) scale it down
    const r2 = vnWqi({ ph: 8.75, bod5: 5, cod: 8, nh4: 0.45, pb: 0.6, coliform: 5000 });
    expect(r2?.wqi).toBe(Math.round(0.75 * 0.1 * Math.cbrt(iv * iv * 75)));
    // without group V: the factor is IV itself
    expect(vnWqi({ ph: 7, bod5: 4, aldrin: 0.05 })?.wqi).toBe(100);
    // group IV is required, and three groups
    expect(vnWqi({ ph: 7, coliform: 100, pb: 0.01 })).toBeNull();
    expect(vnWqi({ ph: 7, bod5: 4 })).toBeNull();
  });
});

describe('band configs', () => {
  it('the presets are valid', () => {
    for (const [type, cfg] of Object.entries(BAND_PRESETS)) expect(bandConfigErrors(Number(type) as 1, cfg)).toEqual([]);
  });

  it('an overlap and a gap are refused with a message naming the bands', () => {
    const overlap = bandConfigErrors(5, {
      parameters: {
        ph: [
          { level: 1, from: 0, to: 5 },
          { level: 5, from: 4.5, to: 14 },
        ],
      },
    });
    expect(overlap).toEqual([{ field: 'parameters.ph.1', message: "Khoảng 'Tốt' (4.5–14) của pH đất chồng lên khoảng 'Cảnh báo' (0–5)" }]);
    const gap = bandConfigErrors(5, {
      parameters: {
        ph: [
          { level: 1, from: 0, to: 5 },
          { level: 5, from: 6, to: 14 },
        ],
      },
    });
    expect(gap[0].message).toBe("Giữa khoảng 'Cảnh báo' (0–5) và khoảng 'Tốt' (6–14) của pH đất còn trống 5–6");
    expect(bandConfigErrors(3, { parameters: { rain_mm: [{ level: 7, from: 0, to: null }] } })[0].message).toMatch(/từ 1 đến 6/);
    expect(bandConfigErrors(1, { parameters: { ph: [{ level: 1, from: 0, to: null }] } })[0].message).toMatch(/không thuộc/);
  });

  it('a reading takes the worst level; rain the highest', () => {
    expect(bandOf(1, BAND_PRESETS[1], { aqi: 50 })).toBe(5);
    expect(bandOf(1, BAND_PRESETS[1], { aqi: 51 })).toBe(4);
    expect(bandOf(1, BAND_PRESETS[1], { aqi: 201 })).toBe(1);
    expect(bandOf(2, BAND_PRESETS[2], { wqi: 9 })).toBe(1);
    expect(bandOf(2, BAND_PRESETS[2], { wqi: 100 })).toBe(5);
    expect(bandOf(3, BAND_PRESETS[3], { rain_mm: 0 })).toBe(1);
    expect(bandOf(3, BAND_PRESETS[3], { rain_mm: 15.5 })).toBe(3);
    expect(bandOf(3, BAND_PRESETS[3], { rain_mm: 50.5 })).toBe(5);
    expect(bandOf(3, BAND_PRESETS[3], { rain_mm: 120 })).toBe(6);
    expect(bandOf(5, BAND_PRESETS[5], { moisture: 30, ph: 4 })).toBe(1);
    expect(bandOf(5, BAND_PRESETS[5], { ec: 3 })).toBeNull();
  });

  it("the alert level is 1 'Cảnh báo', and rain's worst, 6 'Mưa rất to'", () => {
    expect([1, 2, 3, 4, 5, 6].map((t) => alertLevelOf(t as 1))).toEqual([1, 1, 6, 1, 1, 1]);
  });
});
