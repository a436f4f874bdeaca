import { z } from 'zod';
import { MONITORING_BANDS, RAIN_LEVELS } from '../enums';
import type { EnumOption } from '../fields';
import { type MonitoringType, type Parameter, parametersOf } from './parameters';

/**
 * A band config: per parameter, contiguous ranges [from, to) each with a level (1 'Cảnh báo' …
 * 5 'Tốt'; rain 1 'Không mưa' … 6 'Mưa rất to'). The first range may start at null (no lower end),
 * the last may end at null (no upper end) and includes its `to`. A range with `to_inclusive` holds its
 * `to` and the next range then starts just above it: the rain classes [16, 50] and (50, 100] need it,
 * and a point range [0, 0] ('Không mưa') is one with from = to. Levels may repeat (pH too low and
 * too high are both 'Cảnh báo').
 */
export const bandRangeSchema = z
  .object({
    level: z.number().int(),
    from: z.number().finite().nullable(),
    to: z.number().finite().nullable(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .nullable()
      .optional(),
    to_inclusive: z.boolean().optional(),
  })
  .strict();
export type BandRange = z.infer<typeof bandRangeSchema>;
export const bandConfigSchema = z.object({ parameters: z.record(z.string(), z.array(bandRangeSchema).min(1).max(20)) }).strict();
export type BandConfig = z.infer<typeof bandConfigSchema>;

export const levelsOf = (type: MonitoringType): EnumOption[] => (type === 3 ? RAIN_LEVELS : MONITORING_BANDS);
export const levelLabel = (type: MonitoringType, level: number) => levelsOf(type).find((o) => o.value === level)?.label ?? String(level);
/** Rain: the rain level colours (no spec colours); others: the spec's band colours. */
export const RAIN_COLORS = ['#bdbdbd', '#81d4fa', '#29b6f6', '#0288d1', '#01579b', '#4a148c'];
export const levelColor = (type: MonitoringType, level: number) =>
  type === 3 ? (RAIN_COLORS[level - 1] ?? '#999999') : String(MONITORING_BANDS.find((o) => o.value === level)?.color ?? '#999999');

/**
 * The level that raises a band alert when a station stays in it: 1 'Cảnh báo', and for rain its
 * most severe level, 6 'Mưa rất to' (rain levels rise with severity; 1 is 'Không mưa').
 */
export const alertLevelOf = (type: MonitoringType) => (type === 3 ? RAIN_LEVELS.length : 1);

const r = (level: number, from: number | null, to: number | null, toInclusive = false): BandRange =>
  toInclusive ? { level, from, to, to_inclusive: true } : { level, from, to };

/** Presets: VN_AQI and VN_WQI bands mapped onto the five levels, the national rain levels, plain defaults for the rest. */
export const BAND_PRESETS: Record<MonitoringType, BandConfig> = {
  // Tốt → 5, Trung bình → 4, Kém → 3, Xấu → 2, Rất xấu and Nguy hại → 1 'Cảnh báo'
  1: { parameters: { aqi: [r(5, 0, 51), r(4, 51, 101), r(3, 101, 151), r(2, 151, 201), r(1, 201, null)] } },
  // Rất tốt and Tốt → 5, Trung bình → 4, Xấu → 3, Kém → 2, Ô nhiễm rất nặng → 1
  2: { parameters: { wqi: [r(1, 0, 10), r(2, 10, 26), r(3, 26, 51), r(4, 51, 76), r(5, 76, null)] } },
  // the rain over 24 h (DOMAIN.md 'Rain'): 0; (0, 6); [6, 16); [16, 50]; (50, 100]; > 100
  3: { parameters: { rain_mm: [r(1, 0, 0, true), r(2, 0, 6), r(3, 6, 16), r(4, 16, 50, true), r(5, 50, 100, true), r(6, 100, null)] } },
  4: {
    parameters: {
      temperature: [r(1, null, 10), r(2, 10, 18), r(5, 18, 32), r(3, 32, 38), r(1, 38, null)],
      humidity: [r(2, 0, 40), r(5, 40, 85), r(3, 85, null)],
      wind_speed: [r(5, 0, 8), r(4, 8, 14), r(3, 14, 21), r(1, 21, null)],
    },
  },
  5: {
    parameters: {
      moisture: [r(1, 0, 15), r(2, 15, 25), r(5, 25, 45), r(3, 45, 60), r(1, 60, null)],
      ph: [r(1, 0, 4.5), r(2, 4.5, 5.5), r(5, 5.5, 7.5), r(3, 7.5, 8.5), r(1, 8.5, null)],
    },
  },
  6: { parameters: { density: [r(5, 0, 5), r(4, 5, 20), r(3, 20, 50), r(2, 50, 100), r(1, 100, null)] } },
};

const span = (b: BandRange) => `${b.from ?? '−∞'}–${b.to ?? '+∞'}${b.to_inclusive ? ' (gồm cả)' : ''}`;

/**
 * Why a config cannot be saved: [{field, message}] naming the parameter and the band. `extra`: the
 * parameters known only at run time (insect orders, by their code).
 */
export function bandConfigErrors(type: MonitoringType, config: BandConfig, extra: Record<string, Parameter> = {}): { field: string; message: string }[] {
  const params = { ...parametersOf(type), ...extra };
  const levels = levelsOf(type);
  const out: { field: string; message: string }[] = [];
  for (const [key, bands] of Object.entries(config.parameters)) {
    const field = `parameters.${key}`;
    const param = params[key];
    if (!param) {
      out.push({ field, message: `Thông số '${key}' không thuộc loại trạm này` });
      continue;
    }
    const name = (b: BandRange) => `'${levels.find((o) => o.value === b.level)?.label ?? b.level}' (${span(b)})`;
    bands.forEach((b, i) => {
      const f = `${field}.${i}`;
      if (!levels.some((o) => o.value === b.level))
        out.push({ field: `${f}.level`, message: `Mức của khoảng thứ ${i + 1} của ${param.label} phải từ 1 đến ${levels.length}` });
      if (b.from === null && i > 0) out.push({ field: `${f}.from`, message: `Khoảng ${name(b)} của ${param.label} thiếu giá trị 'từ'` });
      if (b.to === null && i < bands.length - 1) out.push({ field: `${f}.to`, message: `Khoảng ${name(b)} của ${param.label} thiếu giá trị 'đến'` });
      if (b.from !== null && b.to !== null && (b.from > b.to || (b.from === b.to && !b.to_inclusive)))
        out.push({ field: f, message: `Khoảng ${name(b)} của ${param.label}: giá trị 'từ' phải nhỏ hơn 'đến'` });
      const prev = bands[i - 1];
      if (prev && prev.to !== null && b.from !== null) {
        if (b.from < prev.to) out.push({ field: f, message: `Khoảng ${name(b)} của ${param.label} chồng lên khoảng ${name(prev)}` });
        else if (b.from > prev.to)
          out.push({ field: f, message: `Giữa khoảng ${name(prev)} và khoảng ${name(b)} của ${param.label} còn trống ${prev.to}–${b.from}` });
      }
    });
  }
  return out;
}

/**
 * The level of one value for one parameter's ranges; null when no range holds it. A range starts at
 * its `from` (inclusive), or just above it when the range before holds that value (`to_inclusive`).
 */
export function levelOfValue(bands: BandRange[], v: number): number | null {
  for (let i = 0; i < bands.length; i++) {
    const b = bands[i];
    const last = i === bands.length - 1;
    const openFrom = i > 0 && bands[i - 1].to_inclusive === true && bands[i - 1].to === b.from;
    const above = b.from === null || (openFrom ? v > b.from : v >= b.from);
    const below = b.to === null || v < b.to || ((last || b.to_inclusive === true) && v === b.to);
    if (above && below) return b.level;
  }
  return null;
}

/** The rain class (1 'Không mưa' … 6 'Mưa rất to') of a 24-hour total, by the national classes. */
export const rainClassOf = (totalMm: number) => levelOfValue(BAND_PRESETS[3].parameters.rain_mm, totalMm);

/**
 * A reading's band: the worst level over the configured parameters it carries (the lowest level;
 * for rain the highest, 6 'Mưa rất to' being the most severe). Null when none is configured.
 */
export function bandOf(type: MonitoringType, config: BandConfig, values: Record<string, number | null | undefined>): number | null {
  let out: number | null = null;
  for (const [key, bands] of Object.entries(config.parameters)) {
    const v = values[key];
    if (v === null || v === undefined) continue;
    const level = levelOfValue(bands, v);
    if (level === null) continue;
    if (out === null || (type === 3 ? level > out : level < out)) out = level;
  }
  return out;
}
