/**
 * The national indices of DOMAIN.md 'National indices': VN_AQI (QĐ 1459/QĐ-TCMT) and VN_WQI
 * (QĐ 1460/QĐ-TCMT). Pure functions; unit-tested with the decisions' worked examples.
 */

export type AqiPollutant = 'o3_1h' | 'o3_8h' | 'co' | 'so2' | 'no2' | 'pm10' | 'pm25';

const AQI_I = [0, 50, 100, 150, 200, 300, 400, 500];
/** breakpoints in µg/m³ (CO too); null where the decision gives none */
export const AQI_BREAKPOINTS: Record<AqiPollutant, (number | null)[]> = {
  o3_1h: [0, 160, 200, 300, 400, 800, 1000, 1200],
  o3_8h: [0, 100, 120, 170, 210, 400, null, null],
  co: [0, 10000, 30000, 45000, 60000, 90000, 120000, 150000],
  so2: [0, 125, 350, 550, 800, 1600, 2100, 2630],
  no2: [0, 100, 200, 700, 1200, 2350, 3100, 3850],
  pm10: [0, 50, 150, 250, 350, 420, 500, 600],
  pm25: [0, 25, 50, 80, 150, 250, 350, 500],
};

/**
 * One pollutant's sub-index by linear interpolation between breakpoints. Above the last breakpoint
 * the scale's top (500, or 300 for O3 8h) is answered: the decision defines no value beyond it.
 */
export function aqiSubIndex(p: AqiPollutant, c: number): number {
  const bp = AQI_BREAKPOINTS[p];
  if (c <= 0) return 0;
  for (let i = 0; i < bp.length - 1; i++) {
    const lo = bp[i];
    const hi = bp[i + 1];
    if (lo === null || hi === null) break;
    if (c <= hi) return ((AQI_I[i + 1] - AQI_I[i]) / (hi - lo)) * (c - lo) + AQI_I[i];
  }
  let last = bp.length - 1;
  while (bp[last] === null) last--;
  return AQI_I[last];
}

/**
 * NowCast of the last 12 hourly means, c[0] = the current hour … c[11] = 11 hours before (null for
 * missing hours); null when fewer than 2 of the 3 latest hours exist.
 */
export function nowcast(c: (number | null | undefined)[]): number | null {
  const hours = c.slice(0, 12);
  const recent = hours.slice(0, 3).filter((v) => v !== null && v !== undefined).length;
  if (recent < 2) return null;
  const present = hours.map((v, i) => [i, v] as const).filter((x): x is readonly [number, number] => x[1] !== null && x[1] !== undefined);
  const values = present.map(([, v]) => v);
  const cmax = Math.max(...values);
  const cmin = Math.min(...values);
  const w = Math.max(cmax === 0 ? 1 : cmin / cmax, 0.5);
  let num = 0;
  let den = 0;
  for (const [i, v] of present) {
    num += w ** i * v;
    den += w ** i;
  }
  return num / den;
}

export interface AqiResult {
  aqi: number;
  dominant: AqiPollutant;
  sub: Partial<Record<AqiPollutant, number>>;
}

/**
 * Why an hour or a day has no VN_AQI. QĐ 1459 §2.1.b: an AQI is computed only when PM10 or PM2.5 is
 * among its sub-indices, so gases alone (O3, CO, SO2, NO2) never make one.
 */
export const AQI_NO_PM_REASON = 'Không tính VN_AQI: không có chỉ số phụ của bụi PM10 hoặc PM2.5 (QĐ 1459/QĐ-TCMT, mục 2.1.b)';
export const AQI_NO_NOWCAST_REASON = 'Không tính VN_AQI: bụi PM10/PM2.5 chưa đủ số liệu cho NowCast (cần ít nhất 2 trong 3 giờ gần nhất, QĐ 1459/QĐ-TCMT)';

function maxOf(sub: Partial<Record<AqiPollutant, number>>): AqiResult | null {
  if (sub.pm10 === undefined && sub.pm25 === undefined) return null;
  let best: AqiPollutant | null = null;
  for (const [k, v] of Object.entries(sub) as [AqiPollutant, number][]) if (best === null || v > (sub[best] as number)) best = k;
  return best === null ? null : { aqi: Math.round(sub[best] as number), dominant: best, sub };
}

/** Hourly VN_AQI: SO2, CO, NO2, O3 (1h column) from the hour's mean, PM from their NowCast; null without a PM sub-index. */
export function hourlyAqi(x: {
  so2?: number | null;
  co?: number | null;
  no2?: number | null;
  o3?: number | null;
  pm10_nowcast?: number | null;
  pm25_nowcast?: number | null;
}): AqiResult | null {
  const sub: Partial<Record<AqiPollutant, number>> = {};
  if (x.o3 != null) sub.o3_1h = aqiSubIndex('o3_1h', x.o3);
  if (x.co != null) sub.co = aqiSubIndex('co', x.co);
  if (x.so2 != null) sub.so2 = aqiSubIndex('so2', x.so2);
  if (x.no2 != null) sub.no2 = aqiSubIndex('no2', x.no2);
  if (x.pm10_nowcast != null) sub.pm10 = aqiSubIndex('pm10', x.pm10_nowcast);
  if (x.pm25_nowcast != null) sub.pm25 = aqiSubIndex('pm25', x.pm25_nowcast);
  return maxOf(sub);
}

/**
 * Daily VN_AQI: PM from the 24-h mean; SO2, NO2, CO from the day's highest 1-h mean; O3 the larger
 * of the 1h-column index of the highest 1-h mean and the 8h-column index of the highest 8-h rolling
 * mean, the 8-h one ignored when that mean exceeds 400. Null without a PM sub-index.
 */
export function dailyAqi(x: {
  pm10_24h?: number | null;
  pm25_24h?: number | null;
  so2_max1h?: number | null;
  no2_max1h?: number | null;
  co_max1h?: number | null;
  o3_max1h?: number | null;
  o3_max8h?: number | null;
}): AqiResult | null {
  const sub: Partial<Record<AqiPollutant, number>> = {};
  if (x.pm10_24h != null) sub.pm10 = aqiSubIndex('pm10', x.pm10_24h);
  if (x.pm25_24h != null) sub.pm25 = aqiSubIndex('pm25', x.pm25_24h);
  if (x.so2_max1h != null) sub.so2 = aqiSubIndex('so2', x.so2_max1h);
  if (x.no2_max1h != null) sub.no2 = aqiSubIndex('no2', x.no2_max1h);
  if (x.co_max1h != null) sub.co = aqiSubIndex('co', x.co_max1h);
  if (x.o3_max1h != null) sub.o3_1h = aqiSubIndex('o3_1h', x.o3_max1h);
  if (x.o3_max8h != null && x.o3_max8h <= 400) sub.o3_8h = aqiSubIndex('o3_8h', x.o3_max8h);
  return maxOf(sub);
}

export const AQI_BANDS = [
  { max: 50, label: 'Tốt', color: '#00E400' },
  { max: 100, label: 'Trung bình', color: '#FFFF00' },
  { max: 150, label: 'Kém', color: '#FF7E00' },
  { max: 200, label: 'Xấu', color: '#FF0000' },
  { max: 300, label: 'Rất xấu', color: '#8F3F97' },
  { max: Number.POSITIVE_INFINITY, label: 'Nguy hại', color: '#7E0023' },
];
export const aqiBand = (aqi: number) => AQI_BANDS.find((b) => aqi <= b.max) as (typeof AQI_BANDS)[number];

/**
 * The inputs of a local day's VN_AQI from its hourly means (DOMAIN.md 'National indices', daily):
 * `hours` maps an hour's start (ms, UTC) to its means per pollutant; the day runs [dayStart,
 * dayStart + 24 h) (hours 01:00 … 00:00 labelled by their end). PM: the mean of the day's hourly means;
 * SO2, NO2, CO, O3: the highest hourly mean; O3 8 h: the highest mean of 8 consecutive hours ending
 * in the day (hours before the day count). A window needs 6 of its 8 hours (the usual 75 %
 * completeness rule; DOMAIN.md names none), so one lone hour is never an 8-hour mean.
 */
export function dailyAqiInputs(hours: Map<number, Partial<Record<'pm25' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3', number>>>, dayStart: number) {
  const H = 3_600_000;
  const inDay = [...hours.entries()].filter(([h]) => h >= dayStart && h < dayStart + 24 * H);
  const meanOf = (k: 'pm25' | 'pm10') => {
    const xs = inDay.map(([, v]) => v[k]).filter((x): x is number => x != null);
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  };
  const maxOf1h = (k: 'so2' | 'no2' | 'co' | 'o3') => {
    const xs = inDay.map(([, v]) => v[k]).filter((x): x is number => x != null);
    return xs.length ? Math.max(...xs) : null;
  };
  let o3_8h: number | null = null;
  for (let end = dayStart; end < dayStart + 24 * H; end += H) {
    const xs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const v = hours.get(end - i * H)?.o3;
      if (v != null) xs.push(v);
    }
    if (xs.length >= 6) {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      if (o3_8h === null || m > o3_8h) o3_8h = m;
    }
  }
  return {
    pm10_24h: meanOf('pm10'),
    pm25_24h: meanOf('pm25'),
    so2_max1h: maxOf1h('so2'),
    no2_max1h: maxOf1h('no2'),
    co_max1h: maxOf1h('co'),
    o3_max1h: maxOf1h('o3'),
    o3_max8h: o3_8h,
  };
}

// ---------------------------------------------------------------- VN_WQI

const WQI_Q = [100, 75, 50, 25, 10];
/** mg/L (coliform and E.coli MPN/100 mL); null where the decision gives no breakpoint */
export const WQI_BREAKPOINTS: Record<string, (number | null)[]> = {
  bod5: [4, 6, 15, 25, 50],
  cod: [10, 15, 30, 50, 150],
  toc: [4, 6, 15, 25, 50],
  nh4: [0.3, 0.3, 0.6, 0.9, 5],
  no3: [2, 5, 10, 15, null],
  po4: [0.1, 0.2, 0.3, 0.5, 4],
  coliform: [2500, 5000, 7500, 10000, null],
  ecoli: [20, 50, 100, 200, null],
  as: [0.01, 0.02, 0.05, 0.1, null],
  cd: [0.005, 0.005, 0.008, 0.01, 0.1],
  pb: [0.02, 0.02, 0.04, 0.05, 0.5],
  cr6: [0.01, 0.02, 0.04, 0.05, 0.1],
  cu: [0.1, 0.2, 0.5, 1.0, 2.0],
  zn: [0.5, 1.0, 1.5, 2.0, 3.0],
  hg: [0.001, 0.001, 0.0015, 0.002, 0.01],
};

/** Sub-index by interpolation (at or below BP1 → 100, beyond the last → 10; a repeated breakpoint is skipped). */
export function wqiSubIndex(param: keyof typeof WQI_BREAKPOINTS, c: number): number {
  const bp = WQI_BREAKPOINTS[param];
  if (c <= (bp[0] as number)) return 100;
  for (let i = 0; i < bp.length - 1; i++) {
    const lo = bp[i] as number;
    const hi = bp[i + 1];
    if (hi === null) break;
    if (hi > lo && c <= hi) return ((WQI_Q[i] - WQI_Q[i + 1]) / (hi - lo)) * (hi - c) + WQI_Q[i + 1];
  }
  return 10;
}

export const wqiNo2 = (c: number) => (c <= 0.05 ? 100 : 10);

export function wqiPh(ph: number): number {
  if (ph >= 6 && ph <= 8.5) return 100;
  if (ph >= 5.5 && ph < 6) return 50 + ((ph - 5.5) / 0.5) * 50;
  if (ph > 8.5 && ph <= 9) return 100 - ((ph - 8.5) / 0.5) * 50;
  return 10;
}

/** Saturated dissolved oxygen (mg/L) at T °C. */
export const doSaturation = (t: number) => 14.652 - 0.41022 * t + 0.007991 * t ** 2 - 0.000077774 * t ** 3;

const DO_BP = [20, 50, 75, 88, 112, 125, 150, 200];
const DO_Q = [25, 50, 75, 100, 100, 75, 50, 25];
/** DO sub-index from the % saturation. */
export function wqiDoPercent(pct: number): number {
  if (pct < DO_BP[0] || pct > DO_BP[DO_BP.length - 1]) return 10;
  for (let i = 0; i < DO_BP.length - 1; i++) {
    if (pct <= DO_BP[i + 1]) return DO_Q[i] + ((DO_Q[i + 1] - DO_Q[i]) / (DO_BP[i + 1] - DO_BP[i])) * (pct - DO_BP[i]);
  }
  return 10;
}

export const PESTICIDE_LIMITS: Record<string, number> = { aldrin: 0.1, bhc: 0.02, dieldrin: 0.1, ddts: 1.0, heptachlor: 0.2 };
const METALS = ['as', 'cd', 'pb', 'cr6', 'cu', 'zn', 'hg'] as const;
const GROUP_IV = ['bod5', 'cod', 'toc', 'nh4', 'no3', 'po4'] as const;

const geo = (xs: number[]) => xs.reduce((a, b) => a * b, 1) ** (1 / xs.length);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export interface WqiResult {
  wqi: number;
  groups: { I: number | null; II: number | null; III: number | null; IV: number; V: number | null };
}

/** The last factor of VN_WQI, kept in one place: ∛(IV²·V), or IV without group V. */
export const wqiOrganic = (iv: number, v: number | null) => (v === null ? iv : Math.cbrt(iv * iv * v));

/**
 * VN_WQI of one water sample (values in mg/L, pesticides µg/L, coliform and E.coli MPN/100 mL, DO
 * in mg/L with `temperature` in °C for its saturation). Null when group IV is missing or fewer than
 * three groups were measured.
 */
export function vnWqi(v: Record<string, number | null | undefined>): WqiResult | null {
  const has = (k: string) => v[k] !== null && v[k] !== undefined;
  const I = has('ph') ? wqiPh(v.ph as number) : null;
  const pest = Object.keys(PESTICIDE_LIMITS).filter(has);
  const II = pest.length ? geo(pest.map((k) => ((v[k] as number) <= PESTICIDE_LIMITS[k] ? 100 : 10))) : null;
  const metals = METALS.filter(has);
  const III = metals.length ? geo(metals.map((k) => wqiSubIndex(k, v[k] as number))) : null;
  const iv: number[] = GROUP_IV.filter(has).map((k) => wqiSubIndex(k, v[k] as number));
  if (has('no2')) iv.push(wqiNo2(v.no2 as number));
  if (has('do') && has('temperature')) iv.push(wqiDoPercent(((v.do as number) / doSaturation(v.temperature as number)) * 100));
  const vv = (['coliform', 'ecoli'] as const).filter(has).map((k) => wqiSubIndex(k, v[k] as number));
  const V = vv.length ? mean(vv) : null;
  if (!iv.length) return null;
  const IV = mean(iv);
  const groups = [I, II, III, IV, V].filter((g) => g !== null).length;
  if (groups < 3) return null;
  const wqi = ((I ?? 100) / 100) * ((II ?? 100) / 100) * ((III ?? 100) / 100) * wqiOrganic(IV, V);
  return { wqi: Math.round(wqi), groups: { I, II, III, IV, V } };
}

export const WQI_BANDS = [
  { min: 91, label: 'Rất tốt', color: '#3333FF' },
  { min: 76, label: 'Tốt', color: '#00E400' },
  { min: 51, label: 'Trung bình', color: '#FFFF00' },
  { min: 26, label: 'Xấu', color: '#FF7E00' },
  { min: 10, label: 'Kém', color: '#FF0000' },
  { min: Number.NEGATIVE_INFINITY, label: 'Ô nhiễm rất nặng', color: '#7E0023' },
];
export const wqiBand = (wqi: number) => WQI_BANDS.find((b) => wqi >= b.min) as (typeof WQI_BANDS)[number];

/** The decision's own category of an index value (VN_AQI by QĐ 1459, VN_WQI by QĐ 1460), beside the spec's bands. */
export function officialCategory(param: string, value: number | null | undefined): { label: string; color: string } | null {
  if (value == null || !Number.isFinite(value)) return null;
  if (param === 'aqi' || param === 'aqi_day') {
    const b = aqiBand(Math.round(value));
    return { label: b.label, color: b.color };
  }
  if (param === 'wqi') {
    const b = wqiBand(Math.round(value));
    return { label: b.label, color: b.color };
  }
  return null;
}
