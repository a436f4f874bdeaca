import type { EnumOption } from './fields';

/** Wastewater types (spec §4) with the spec's map colours: blue, green, red, orange. */
export const WASTEWATER_TYPES: EnumOption[] = [
  { value: 1, label: 'Nước thải sinh hoạt', color: '#1677ff' },
  { value: 2, label: 'Nước thải đô thị', color: '#389e0d' },
  { value: 3, label: 'Nước thải y tế', color: '#cf1322' },
  { value: 4, label: 'Nước thải công nghiệp', color: '#fa8c16' },
];
export const wastewaterColor = (type: unknown) => WASTEWATER_TYPES.find((o) => o.value === Number(type))?.color ?? '#8c8c8c';

/** The column of a national standard a permit was issued under. */
export const LIMIT_COLUMNS: EnumOption[] = [
  { value: 'A', label: 'Cột A (xả vào nguồn nước dùng cho cấp nước sinh hoạt)' },
  { value: 'B', label: 'Cột B (xả vào nguồn nước không dùng cho cấp nước sinh hoạt)' },
  { value: 'C', label: 'Cột C' },
];

/** A flow's state: whether any value broke the permit or the national limit. */
export const TRAFFIC_STATUS: EnumOption[] = [
  { value: 1, label: 'Đạt', color: 'green' },
  { value: 2, label: 'Vượt giới hạn', color: 'red' },
];

export interface DischargeParameter {
  code: string;
  label: string;
  unit: string;
}

/**
 * Quality parameters a flow may carry: the union of QCVN 14:2008 and QCVN 40:2011 (DOMAIN.md
 * 'Wastewater limits'). The codes are the request's field names.
 */
export const DISCHARGE_PARAMETERS: DischargeParameter[] = [
  { code: 'ph', label: 'pH', unit: '' },
  { code: 'bod5', label: 'BOD5', unit: 'mg/L' },
  { code: 'cod', label: 'COD', unit: 'mg/L' },
  { code: 'tss', label: 'TSS', unit: 'mg/L' },
  { code: 'nh4', label: 'NH4+ (tính theo N)', unit: 'mg/L' },
  { code: 'coliform', label: 'Coliform', unit: 'MPN/100 mL' },
  { code: 'tds', label: 'Tổng chất rắn hòa tan', unit: 'mg/L' },
  { code: 'sulfide', label: 'Sunfua (tính theo H2S)', unit: 'mg/L' },
  { code: 'no3', label: 'Nitrat (tính theo N)', unit: 'mg/L' },
  { code: 'oil_fat', label: 'Dầu mỡ động, thực vật', unit: 'mg/L' },
  { code: 'surfactants', label: 'Chất hoạt động bề mặt', unit: 'mg/L' },
  { code: 'po4', label: 'Phosphat (tính theo P)', unit: 'mg/L' },
  { code: 'total_n', label: 'Tổng nitơ', unit: 'mg/L' },
  { code: 'total_p', label: 'Tổng phốt pho', unit: 'mg/L' },
  { code: 'fe', label: 'Sắt (Fe)', unit: 'mg/L' },
  { code: 'mn', label: 'Mangan (Mn)', unit: 'mg/L' },
  { code: 'pb', label: 'Chì (Pb)', unit: 'mg/L' },
  { code: 'as', label: 'Asen (As)', unit: 'mg/L' },
  { code: 'hg', label: 'Thủy ngân (Hg)', unit: 'mg/L' },
  { code: 'cd', label: 'Cadimi (Cd)', unit: 'mg/L' },
  { code: 'cr6', label: 'Crom VI', unit: 'mg/L' },
  { code: 'cu', label: 'Đồng (Cu)', unit: 'mg/L' },
  { code: 'zn', label: 'Kẽm (Zn)', unit: 'mg/L' },
  { code: 'ni', label: 'Niken (Ni)', unit: 'mg/L' },
  { code: 'mineral_oil', label: 'Tổng dầu mỡ khoáng', unit: 'mg/L' },
  { code: 'phenol', label: 'Tổng phenol', unit: 'mg/L' },
  { code: 'cyanide', label: 'Xianua', unit: 'mg/L' },
];
export const PARAMETER_CODES = DISCHARGE_PARAMETERS.map((p) => p.code);
export const parameterLabel = (code: string) => (code === 'flow' ? 'Lưu lượng' : (DISCHARGE_PARAMETERS.find((p) => p.code === code)?.label ?? code));

export const STANDARD_DOMESTIC = 'QCVN 14:2008/BTNMT';
export const STANDARD_INDUSTRIAL = 'QCVN 40:2011/BTNMT';
export const STANDARD_MEDICAL = 'QCVN 28:2010/BTNMT';
/**
 * The standard a new permit of this wastewater type is compared with unless it names another:
 * domestic and urban wastewater QCVN 14:2008 (DOMAIN.md gives no separate urban table; the 2025 revision
 * of QCVN 14 names 'nước thải sinh hoạt và nước thải đô thị' together), medical QCVN 28:2010, industrial
 * QCVN 40:2011.
 */
export const defaultStandard = (type: unknown) => {
  const t = Number(type);
  return t === 4 ? STANDARD_INDUSTRIAL : t === 3 ? STANDARD_MEDICAL : STANDARD_DOMESTIC;
};

/**
 * Which factors multiply a limit for a wastewater type: Kq × Kf for industrial works (QCVN 40), K for
 * the others (QCVN 14 for domestic and urban, QCVN 28 for medical: 1.0 for large facilities — 300 beds
 * or more for a hospital — 1.2 for small ones). A factor that does not apply is refused by the server.
 */
export type FactorKind = 'k' | 'kq_kf';
export const factorKindOf = (type: unknown): FactorKind => (Number(type) === 4 ? 'kq_kf' : 'k');
export const FACTOR_FIELDS: Record<FactorKind, string[]> = { k: ['k_factor'], kq_kf: ['kq', 'kf'] };
/** The factor fields a work of this type must not carry. */
export const inapplicableFactors = (type: unknown) => (factorKindOf(type) === 'k' ? FACTOR_FIELDS.kq_kf : FACTOR_FIELDS.k);

/** One row of the limits table (a standard, a column, a parameter). */
export interface LimitRow {
  standard_code: string;
  column: string;
  parameter: string;
  limit_min: number | null;
  limit_max: number | null;
  unit: string;
  /** whether the permit's factors (K, or Kq × Kf) multiply the limit */
  k_applies: boolean;
}

type Seed = [parameter: string, a: number | [number, number], b: number | [number, number], k?: false];
const QCVN14: Seed[] = [
  ['ph', [5, 9], [5, 9], false],
  ['bod5', 30, 50],
  ['tss', 50, 100],
  ['tds', 500, 1000],
  ['sulfide', 1, 4],
  ['nh4', 5, 10],
  ['no3', 30, 50],
  ['oil_fat', 10, 20],
  ['surfactants', 5, 10],
  ['po4', 6, 10],
  ['coliform', 3000, 5000, false],
];
const QCVN40: Seed[] = [
  ['ph', [6, 9], [5.5, 9], false],
  ['bod5', 30, 50],
  ['cod', 75, 150],
  ['tss', 50, 100],
  ['nh4', 5, 10],
  ['total_n', 20, 40],
  ['total_p', 4, 6],
  ['coliform', 3000, 5000, false],
  ['fe', 1, 5],
  ['mn', 0.5, 1],
  ['pb', 0.1, 0.5],
  ['as', 0.05, 0.1],
  ['hg', 0.005, 0.01],
  ['cd', 0.05, 0.1],
  ['cr6', 0.05, 0.1],
  ['cu', 2, 2],
  ['zn', 3, 3],
  ['ni', 0.2, 0.5],
  ['mineral_oil', 5, 10],
  ['phenol', 0.1, 0.5],
  ['cyanide', 0.07, 0.1],
];

/**
 * QCVN 28:2010/BTNMT (nước thải y tế), Bảng 1, the parameters a flow carries: `Cmax = C × K`, K not
 * for pH and total coliforms. (Its radioactivity α/β and Salmonella, Shigella, Vibrio cholerae — 'không
 * phát hiện' — are not parameters of a flow here.)
 */
const QCVN28: Seed[] = [
  ['ph', [6.5, 8.5], [6.5, 8.5], false],
  ['bod5', 30, 50],
  ['cod', 50, 100],
  ['tss', 50, 100],
  ['sulfide', 1, 4],
  ['nh4', 5, 10],
  ['no3', 30, 50],
  ['po4', 6, 10],
  ['oil_fat', 10, 20],
  ['coliform', 3000, 5000, false],
];

const rowsOf = (standards: (readonly [string, Seed[]])[]): LimitRow[] =>
  standards.flatMap(([standard, rows]) =>
    rows.flatMap(([parameter, a, b, k]) =>
      (
        [
          ['A', a],
          ['B', b],
        ] as const
      ).map(([column, v]) => ({
        standard_code: standard,
        column,
        parameter,
        limit_min: Array.isArray(v) ? v[0] : null,
        limit_max: Array.isArray(v) ? v[1] : (v as number),
        unit: DISCHARGE_PARAMETERS.find((p) => p.code === parameter)?.unit ?? '',
        k_applies: k !== false,
      })),
    ),
  );
/** The two standards DOMAIN.md gives, as rows of the limits table (migration 0012 seeds them). */
export const SEED_LIMITS: LimitRow[] = rowsOf([
  [STANDARD_DOMESTIC, QCVN14],
  [STANDARD_INDUSTRIAL, QCVN40],
]);
/** Medical wastewater's own standard (migration 0015 seeds it). */
export const SEED_LIMITS_MEDICAL: LimitRow[] = rowsOf([[STANDARD_MEDICAL, QCVN28]]);

/** Kf of QCVN 40:2011 by the discharge F (m³/day): ≤ 50 → 1.2; ≤ 500 → 1.1; ≤ 5000 → 1.0; more → 0.9. */
export function kfOf(flow: number | null | undefined): number {
  const f = Number(flow ?? 0);
  if (f <= 50) return 1.2;
  if (f <= 500) return 1.1;
  if (f <= 5000) return 1.0;
  return 0.9;
}

/** The permit's factors that multiply a limit. */
export interface PermitFactors {
  wastewater_type: number;
  permitted_flow: number | null;
  /** K of QCVN 14 (1.0 large, 1.2 small facilities) */
  k_factor?: number | null;
  /** Kq of QCVN 40 by the receiving water; no data → river 0.9 */
  kq?: number | null;
  /** Kf of QCVN 40; empty → from the permitted flow */
  kf?: number | null;
}

/** The factor Cmax = C × factor uses: Kq × Kf for industrial works (QCVN 40), K otherwise (QCVN 14, QCVN 28). */
export function factorOf(p: PermitFactors): number {
  if (factorKindOf(p.wastewater_type) === 'kq_kf') return (p.kq ?? 0.9) * (p.kf ?? kfOf(p.permitted_flow));
  return p.k_factor ?? 1;
}

/** Round away binary noise (30 × 0.9 × 1.2 = 32.400000000000006): limits are decimal numbers. */
const clean = (n: number) => Math.round(n * 1e9) / 1e9;

export interface ValueCheck {
  code: string;
  value: number;
  /** the limit that applies (after the factors), null when the table has none */
  min: number | null;
  max: number | null;
  exceeded: boolean;
}

/**
 * Compares one flow with its permit and the national limit: the flow with the permitted flow, each
 * parameter with its limit × factor where the table says the factors apply. A value equal to the
 * limit passes; anything above it (or below a minimum, pH) fails. Parameters without a value or
 * without a limit in the table are not judged.
 */
export function compareFlow(
  values: Record<string, unknown>,
  permit: PermitFactors,
  limits: Pick<LimitRow, 'parameter' | 'limit_min' | 'limit_max' | 'k_applies'>[],
): ValueCheck[] {
  const out: ValueCheck[] = [];
  const flow = values.flow;
  if (typeof flow === 'number' && permit.permitted_flow != null) {
    out.push({ code: 'flow', value: flow, min: null, max: permit.permitted_flow, exceeded: flow > permit.permitted_flow });
  }
  const factor = factorOf(permit);
  for (const l of limits) {
    const v = values[l.parameter];
    if (typeof v !== 'number') continue;
    const f = l.k_applies ? factor : 1;
    const max = l.limit_max == null ? null : clean(l.limit_max * f);
    const min = l.limit_min == null ? null : l.limit_min;
    out.push({ code: l.parameter, value: v, min, max, exceeded: (max != null && v > max) || (min != null && v < min) });
  }
  return out;
}

/** The codes that broke their limit ('flow' for the permitted flow). */
export const exceededCodes = (checks: ValueCheck[]) => checks.filter((c) => c.exceeded).map((c) => c.code);

/** YYYY-MM of a date-only value or of a moment at UTC+7. */
export const monthOf = (d: string) =>
  /^\d{4}-\d{2}-\d{2}T00:00:00/.test(d) ? d.slice(0, 7) : new Date(Date.parse(d) + 7 * 3_600_000).toISOString().slice(0, 7);
