import { z } from 'zod';
import { TZ_OFFSET_MINUTES } from './dates';
import { enumOptions } from './fields';
import { optionalText as optText } from './zod-text';

/** A batch's life (DOMAIN.md 'Cultivation'): only these forward moves, one step at a time. */
export const BATCH_STATUS = enumOptions([
  { value: 'planned', label: 'Kế hoạch', color: 'default' },
  { value: 'in_production', label: 'Đang sản xuất', color: 'blue' },
  { value: 'harvested', label: 'Đã thu hoạch', color: 'green' },
  { value: 'closed', label: 'Đóng', color: 'purple' },
]);
export const BATCH_STATUS_ORDER = BATCH_STATUS.map((o) => o.value as string);
export const batchStatusLabel = (v: unknown) => BATCH_STATUS.find((o) => o.value === v)?.label ?? String(v ?? '');
export type BatchStatus = (typeof BATCH_STATUS)[number]['value'];
/** The one status a batch may move to next; null for a closed batch. */
export function nextBatchStatus(current: unknown): BatchStatus | null {
  const i = BATCH_STATUS_ORDER.indexOf(String(current));
  return i >= 0 && i < BATCH_STATUS.length - 1 ? BATCH_STATUS[i + 1].value : null;
}

/** The fixed list of field activities a diary records. */
export const DIARY_ACTIVITIES = enumOptions([
  { value: 'land_preparation', label: 'Làm đất', color: 'default' },
  { value: 'planting', label: 'Gieo trồng', color: 'green' },
  { value: 'fertilizing', label: 'Bón phân', color: 'gold' },
  { value: 'spraying', label: 'Phun thuốc', color: 'red' },
  { value: 'irrigation', label: 'Tưới', color: 'blue' },
  { value: 'weeding', label: 'Làm cỏ', color: 'lime' },
  { value: 'pruning', label: 'Tỉa cành, tạo tán', color: 'cyan' },
  { value: 'inspection', label: 'Kiểm tra đồng ruộng', color: 'geekblue' },
  { value: 'harvest', label: 'Thu hoạch', color: 'purple' },
  { value: 'post_harvest', label: 'Sơ chế, bảo quản', color: 'magenta' },
  { value: 'other', label: 'Khác', color: 'default' },
]);
export const activityLabel = (v: unknown) => DIARY_ACTIVITIES.find((o) => o.value === v)?.label ?? String(v ?? '');

export const WEATHER = enumOptions([
  { value: 'sunny', label: 'Nắng', color: 'gold' },
  { value: 'cloudy', label: 'Nhiều mây', color: 'default' },
  { value: 'light_rain', label: 'Mưa nhỏ', color: 'blue' },
  { value: 'heavy_rain', label: 'Mưa to', color: 'geekblue' },
  { value: 'windy', label: 'Gió mạnh', color: 'cyan' },
  { value: 'hot', label: 'Nắng nóng', color: 'orange' },
  { value: 'cold', label: 'Rét', color: 'purple' },
]);

/**
 * One input used in a diary entry (vật tư): a fertiliser, a plant-protection product with its
 * pre-harvest interval (thời gian cách ly, days on the label), seed, water…
 */
export const DIARY_INPUT = z
  .object({
    name: z.string({ error: 'Tên vật tư bắt buộc' }).trim().min(1, 'Tên vật tư bắt buộc').max(255, 'Tên vật tư tối đa 255 ký tự'),
    active_ingredient: optText('Hoạt chất', 255),
    amount: z
      .number({ error: 'Lượng dùng phải là số' })
      .min(0, 'Lượng dùng phải lớn hơn hoặc bằng 0')
      .max(1_000_000_000, 'Lượng dùng quá lớn')
      .nullable()
      .optional(),
    unit: optText('Đơn vị', 50),
    supplier: optText('Nhà cung cấp', 255),
    phi_days: z
      .number({ error: 'Thời gian cách ly phải là số ngày' })
      .int('Thời gian cách ly phải là số ngày nguyên')
      .min(0, 'Thời gian cách ly phải từ 0 ngày')
      .max(365, 'Thời gian cách ly tối đa 365 ngày')
      .nullable()
      .optional(),
  })
  .strict();
export const DIARY_INPUTS = z.array(DIARY_INPUT, { error: 'Vật tư sử dụng phải là danh sách' }).max(30, 'Tối đa 30 vật tư trong một nhật ký');
export type DiaryInput = z.infer<typeof DIARY_INPUT>;

/** Readable one-line form of a diary's inputs (list cells, Excel). */
export function inputsText(list: unknown): string {
  if (!Array.isArray(list)) return '';
  return list
    .map((i: DiaryInput) => {
      const amount = i.amount != null ? ` ${String(i.amount).replace('.', ',')}${i.unit ? ` ${i.unit}` : ''}` : '';
      const phi = i.phi_days != null ? ` (cách ly ${i.phi_days} ngày)` : '';
      return `${i.name}${amount}${phi}`;
    })
    .join('; ');
}

const DAY = 86_400_000;
/** The calendar day (at UTC+7) of an instant, as 'YYYY-MM-DD'. */
export function vnDay(v: string | Date): string {
  const t = (v instanceof Date ? v.getTime() : Date.parse(v)) + TZ_OFFSET_MINUTES * 60_000;
  return new Date(t).toISOString().slice(0, 10);
}
/** 'YYYY-MM-DD' + n days. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export interface SprayRecord {
  performed_at: string;
  inputs: unknown;
}
export interface SafeHarvest {
  /** first day (UTC+7) a harvest is allowed, 'YYYY-MM-DD'; null when no input carries an interval */
  safe_date: string | null;
  /** the product whose interval sets that day */
  product: string | null;
  phi_days: number | null;
  applied_at: string | null;
}

/** The earliest safe harvest day after these applications: the latest (application day + interval). */
export function safeHarvest(records: SprayRecord[]): SafeHarvest {
  let best: SafeHarvest = { safe_date: null, product: null, phi_days: null, applied_at: null };
  for (const r of records) {
    if (!Array.isArray(r.inputs)) continue;
    for (const i of r.inputs as DiaryInput[]) {
      if (i?.phi_days == null) continue;
      const safe = addDays(vnDay(r.performed_at), i.phi_days);
      if (!best.safe_date || safe > best.safe_date) best = { safe_date: safe, product: i.name, phi_days: i.phi_days, applied_at: r.performed_at };
    }
  }
  return best;
}

/** The refusal of an early harvest, naming the product and the safe day. */
export const earlyHarvestMessage = (s: SafeHarvest) =>
  `Chưa hết thời gian cách ly của ${s.product} (${s.phi_days} ngày): chỉ được thu hoạch từ ngày ${dayText(s.safe_date as string)}`;

export interface TimelineStage {
  id: number;
  name: string;
  position: number;
  duration_days: number;
  planned_start: string | null;
  planned_end: string | null;
  actual_start: string | null;
  actual_end: string | null;
  diary_count: number;
  /** 'done' (has diaries and a later stage has started, or the batch is harvested), 'in_progress', 'pending' */
  state: 'done' | 'in_progress' | 'pending';
  /** started after its planned end, or still open past it */
  late: boolean;
}

/**
 * A batch's stage timeline: planned days from the planting date and the stages' durations, actual
 * days from the diaries recorded against each stage (first and last, at UTC+7).
 */
export function stageTimeline(
  plantingDate: string | null,
  stages: { id: number; name: string; position: number | null; duration_days: number | null }[],
  diaries: { stage_id: number | null; performed_at: string }[],
  o: { today: string; finished: boolean },
): TimelineStage[] {
  const ordered = [...stages].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
  let cursor = plantingDate ? plantingDate.slice(0, 10) : null;
  const out: TimelineStage[] = ordered.map((s) => {
    const days = s.duration_days ?? 0;
    const planned_start = cursor;
    const planned_end = cursor ? addDays(cursor, Math.max(days - 1, 0)) : null;
    if (cursor) cursor = addDays(cursor, days);
    const mine = diaries.filter((d) => d.stage_id === s.id).map((d) => vnDay(d.performed_at));
    mine.sort();
    return {
      id: s.id,
      name: s.name,
      position: s.position ?? 0,
      duration_days: days,
      planned_start,
      planned_end,
      actual_start: mine[0] ?? null,
      actual_end: mine[mine.length - 1] ?? null,
      diary_count: mine.length,
      state: 'pending',
      late: false,
    };
  });
  const lastStarted = out.reduce((acc, s, i) => (s.actual_start ? i : acc), -1);
  out.forEach((s, i) => {
    if (s.actual_start && (i < lastStarted || o.finished)) s.state = 'done';
    else if (s.actual_start) s.state = 'in_progress';
    else if (i < lastStarted || o.finished) s.state = 'done';
    const due = s.planned_end;
    if (!due) return;
    s.late = s.actual_start ? s.actual_start > due : s.state !== 'done' && o.today > due;
  });
  return out;
}
