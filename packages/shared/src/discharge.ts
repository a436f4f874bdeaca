import { type EnumOption, enumOptions } from './fields';

/** Wastewater types (spec §4) with the spec's map colours: blue, green, red, orange. */
export const WASTEWATER_TYPES = enumOptions([
  { value: 1, label: 'Nước thải sinh hoạt', color: '#1677ff' },
  { value: 2, label: 'Nước thải đô thị', color: '#389e0d' },
  { value: 3, label: 'Nước thải y tế', color: '#cf1322' },
  { value: 4, label: 'Nước thải công nghiệp', color: '#fa8c16' },
]);
export const wastewaterColor = (type: unknown) => WASTEWATER_TYPES.find((o) => o.value === Number(type))?.color ?? '#8c8c8c';

/** The column of a national standard a permit was issued under. */
export const LIMIT_COLUMNS = enumOptions([
  { value: 'A', label: 'Cột A (xả vào nguồn nước dùng cho cấp nước sinh hoạt)' },
  { value: 'B', label: 'Cột B (xả vào nguồn nước không dùng cho cấp nước sinh hoạt)' },
  { value: 'C', label: 'Cột C' },
]);

/** A flow's state: whether any value broke the permit or the national limit. */
export const TRAFFIC_STATUS = enumOptions([
  { value: 1, label: 'Đạt', color: 'green' },
  { value: 2, label: 'Vượt giới hạn', color: 'red' },
  { value: 3, label: 'Chưa đánh giá được (thiếu lưu lượng xả cho phép)', color: 'orange' },
]);

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
  { code: 'temperature', label: 'Nhiệt độ', unit: '°C' },
  { code: 'colour', label: 'Màu', unit: 'Pt-Co' },
  { code: 'cr3', label: 'Crom III', unit: 'mg/L' },
  { code: 'fluoride', label: 'Florua', unit: 'mg/L' },
  { code: 'chloride', label: 'Clorua', unit: 'mg/L' },
  { code: 'residual_chlorine', label: 'Clo dư', unit: 'mg/L' },
  { code: 'pesticides_oc', label: 'Tổng hóa chất bảo vệ thực vật clo hữu cơ', unit: 'mg/L' },
  { code: 'pesticides_op', label: 'Tổng hóa chất bảo vệ thực vật phốt pho hữu cơ', unit: 'mg/L' },
  { code: 'pcb', label: 'Tổng PCB', unit: 'mg/L' },
  { code: 'gross_alpha', label: 'Tổng hoạt độ phóng xạ α', unit: 'Bq/L' },
  { code: 'gross_beta', label: 'Tổng hoạt độ phóng xạ β', unit: 'Bq/L' },
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
 * The national standards by wastewater type and the day each took effect (DOMAIN.md): since 01/09/2025
 * QCVN 14:2025 (domestic and urban) and QCVN 40:2025 (industrial, and medical in place of QCVN
 * 28:2010) for new works; existing permits keep theirs until 31/12/2031. Their limits are data an
 * officer enters: a standard counts as in force for a new work only once the limits table holds it.
 */
export const STANDARDS: { code: string; types: number[]; from: string | null }[] = [
  { code: STANDARD_DOMESTIC, types: [1, 2], from: null },
  { code: STANDARD_MEDICAL, types: [3], from: null },
  { code: STANDARD_INDUSTRIAL, types: [4], from: null },
  { code: 'QCVN 14:2025/BTNMT', types: [1, 2], from: '2025-09-01' },
  { code: 'QCVN 40:2025/BTNMT', types: [3, 4], from: '2025-09-01' },
];
export const TRANSITION_UNTIL = '2031-12-31';

/** The standard a new work of this type is judged by on `day` (YYYY-MM-DD): the newest in force whose limits the table holds. */
export function standardInForce(type: unknown, day: string, available: (code: string) => boolean): string {
  const t = Number(type);
  const candidates = STANDARDS.filter((s) => s.types.includes(t) && (s.from == null || s.from <= day) && available(s.code));
  candidates.sort((a, b) => (b.from ?? '').localeCompare(a.from ?? ''));
  return candidates[0]?.code ?? defaultStandard(t);
}

/**
 * Which factors multiply a limit for a wastewater type: Kq × Kf for industrial works (QCVN 40), K for
 * the others (QCVN 14 for domestic and urban, QCVN 28 for medical: 1.0 for large facilities — 300 beds
 * or more for a hospital — 1.2 for small ones). A factor that does not apply is refused by the server.
 */
export type FactorKind = 'k' | 'kq_kf';
export const factorKindOf = (type: unknown): FactorKind => (Number(type) === 4 ? 'kq_kf' : 'k');
export const FACTOR_FIELDS: Record<FactorKind, string[]> = { k: ['k_class'], kq_kf: ['kq_class', 'kf_class'] };
/** The stored factor each class sets. */
export const FACTOR_OF_CLASS: Record<string, string> = { k_class: 'k_factor', kq_class: 'kq', kf_class: 'kf' };
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
/**
 * The rest of QCVN 40:2011 Bảng 1 (33 parameters in all, DOMAIN.md): Kq × Kf do not apply to
 * temperature, colour, gross α and gross β (nor to pH and coliform, above). Chloride does not apply to
 * discharges into saline or brackish water (`chlorideExempt`).
 */
const QCVN40_2026: Seed[] = [
  ['temperature', 40, 40, false],
  ['colour', 50, 150, false],
  ['cr3', 0.2, 1],
  ['sulfide', 0.2, 0.5],
  ['fluoride', 5, 10],
  ['chloride', 500, 1000],
  ['residual_chlorine', 1, 2],
  ['pesticides_oc', 0.05, 0.1],
  ['pesticides_op', 0.3, 1],
  ['pcb', 0.003, 0.01],
  ['gross_alpha', 0.1, 0.1, false],
  ['gross_beta', 1.0, 1.0, false],
];
/** QCVN 28:2010 Bảng 1's radioactivity (no K). */
const QCVN28_2026: Seed[] = [
  ['gross_alpha', 0.1, 0.1, false],
  ['gross_beta', 1.0, 1.0, false],
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
  ...QCVN40_2026,
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
  ...QCVN28_2026,
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
/** The rows issue 29 added to the seeded standards (the migration after 0017 inserts them). */
export const SEED_LIMITS_BANG1_REST: LimitRow[] = rowsOf([
  [STANDARD_INDUSTRIAL, QCVN40_2026],
  [STANDARD_MEDICAL, QCVN28_2026],
]);

/** One value of a regulation's factor table: the class a work is in, what the text says, the factor. */
export interface FactorClass extends EnumOption {
  value: string;
  factor: number;
}
const fc = (value: string, label: string, factor: number): FactorClass => ({ value, label: `${label}: ${String(factor).replace('.', ',')}`, factor });

/**
 * K of QCVN 14:2008/BTNMT Bảng 2 (by the facility's type and size) and of QCVN 28:2010/BTNMT (hospitals
 * by beds): 1.0 for the large, 1.2 for the small.
 */
export const K_CLASSES: FactorClass[] = [
  fc('hotel_large', 'Khách sạn, nhà nghỉ từ 50 phòng hoặc khách sạn từ 3 sao', 1.0),
  fc('hotel_small', 'Khách sạn, nhà nghỉ dưới 50 phòng', 1.2),
  fc('office_large', 'Trụ sở cơ quan, văn phòng, trường học, cơ sở nghiên cứu từ 10.000 m²', 1.0),
  fc('office_small', 'Trụ sở cơ quan, văn phòng, trường học, cơ sở nghiên cứu dưới 10.000 m²', 1.2),
  fc('store_large', 'Cửa hàng bách hóa, siêu thị từ 5.000 m²', 1.0),
  fc('store_small', 'Cửa hàng bách hóa, siêu thị dưới 5.000 m²', 1.2),
  fc('market_large', 'Chợ từ 1.500 m²', 1.0),
  fc('market_small', 'Chợ dưới 1.500 m²', 1.2),
  fc('restaurant_large', 'Nhà hàng ăn uống, cửa hàng thực phẩm từ 500 m²', 1.0),
  fc('restaurant_small', 'Nhà hàng ăn uống, cửa hàng thực phẩm dưới 500 m²', 1.2),
  fc('production_large', 'Cơ sở sản xuất, doanh trại lực lượng vũ trang từ 500 người', 1.0),
  fc('production_small', 'Cơ sở sản xuất, doanh trại lực lượng vũ trang dưới 500 người', 1.2),
  fc('residential_large', 'Khu chung cư, khu dân cư từ 50 căn hộ', 1.0),
  fc('residential_small', 'Khu chung cư, khu dân cư dưới 50 căn hộ', 1.2),
  fc('hospital_large', 'Bệnh viện từ 300 giường (QCVN 28)', 1.0),
  fc('hospital_small', 'Bệnh viện dưới 300 giường, cơ sở khám chữa bệnh khác (QCVN 28)', 1.2),
];

/**
 * Kq of QCVN 40:2011/BTNMT (mục 2.3) by the receiving water: rivers by the flow Q of the three driest
 * months, lakes by volume V, coastal waters by use; no data: river 0.9, lake 0.6.
 */
export const KQ_CLASSES: FactorClass[] = [
  fc('river_50', 'Sông, suối, kênh, mương, khe, rạch: Q ≤ 50 m³/s hoặc không có số liệu', 0.9),
  fc('river_200', 'Sông, suối, kênh, mương, khe, rạch: 50 < Q ≤ 200 m³/s', 1.0),
  fc('river_500', 'Sông, suối, kênh, mương, khe, rạch: 200 < Q ≤ 500 m³/s', 1.1),
  fc('river_more', 'Sông, suối, kênh, mương, khe, rạch: Q > 500 m³/s', 1.2),
  fc('lake_10', 'Hồ, ao, đầm: V ≤ 10 × 10⁶ m³ hoặc không có số liệu', 0.6),
  fc('lake_100', 'Hồ, ao, đầm: 10 × 10⁶ < V ≤ 100 × 10⁶ m³', 0.8),
  fc('lake_more', 'Hồ, ao, đầm: V > 100 × 10⁶ m³', 1.0),
  fc('sea_other', 'Vùng nước biển ven bờ không dùng cho bảo vệ thủy sinh, thể thao, giải trí dưới nước', 1.3),
  fc('sea_protected', 'Vùng nước biển ven bờ dùng cho bảo vệ thủy sinh, thể thao, giải trí dưới nước', 1.0),
];

/** Kf of QCVN 40:2011/BTNMT (mục 2.4) by the discharge F (m³/24 h). */
export const KF_CLASSES: FactorClass[] = [
  fc('f_50', 'F ≤ 50 m³/ngày đêm', 1.2),
  fc('f_500', '50 < F ≤ 500 m³/ngày đêm', 1.1),
  fc('f_5000', '500 < F ≤ 5.000 m³/ngày đêm', 1.0),
  fc('f_more', 'F > 5.000 m³/ngày đêm', 0.9),
];
export const factorOfClass = (classes: FactorClass[], value: unknown) => classes.find((c) => c.value === value)?.factor ?? null;

/** The Kf class of a discharge F (m³/day), null when it is not known: Kf is never assumed. */
export function kfClassOf(flow: number | null | undefined): FactorClass | null {
  if (flow == null || !Number.isFinite(Number(flow))) return null;
  const f = Number(flow);
  return KF_CLASSES[f <= 50 ? 0 : f <= 500 ? 1 : f <= 5000 ? 2 : 3];
}
/** Kf of QCVN 40:2011 by the discharge F (m³/day): ≤ 50 → 1.2; ≤ 500 → 1.1; ≤ 5000 → 1.0; more → 0.9; null when F is not known. */
export const kfOf = (flow: number | null | undefined): number | null => kfClassOf(flow)?.factor ?? null;

/** The receiving waters that are saline or brackish: QCVN 40's chloride limit does not apply to them. */
export const SALINE_KQ_CLASSES = ['sea_other', 'sea_protected'];

/** The permit's factors that multiply a limit. */
export interface PermitFactors {
  wastewater_type: number;
  permitted_flow: number | null;
  /** K of QCVN 14 / QCVN 28 (1.0 large, 1.2 small facilities) */
  k_factor?: number | null;
  /** Kq of QCVN 40 by the receiving water; no data → river 0.9 */
  kq?: number | null;
  /** Kf of QCVN 40; empty → from the permitted flow */
  kf?: number | null;
  /** the receiving water's Kq class (chloride does not apply to the sea) */
  kq_class?: string | null;
}

/**
 * The factor Cmax = C × factor uses: Kq × Kf for industrial works (QCVN 40), K otherwise (QCVN 14,
 * QCVN 28). Null when Kf is needed and neither chosen nor given by a permitted flow.
 */
export function factorOf(p: PermitFactors): number | null {
  if (factorKindOf(p.wastewater_type) === 'kq_kf') {
    const kf = p.kf ?? kfOf(p.permitted_flow);
    return kf == null ? null : (p.kq ?? 0.9) * kf;
  }
  return p.k_factor ?? 1;
}

/** Round away binary noise (30 × 0.9 × 1.2 = 32.400000000000006): limits are decimal numbers. */
const clean = (n: number) => Math.round(n * 1e9) / 1e9;

/**
 * What one value is: within its limit, over it, measured but not a parameter of the work's standard
 * ('Không có trong quy chuẩn'), or not decidable because Kf is missing (no permitted flow).
 */
export type Verdict = 'pass' | 'exceeded' | 'not_in_standard' | 'missing_flow' | 'not_applicable';
export const VERDICT_LABELS: Record<Verdict, string> = {
  pass: 'Đạt',
  exceeded: 'Vượt giới hạn',
  not_in_standard: 'Không có trong quy chuẩn',
  missing_flow: 'Thiếu lưu lượng xả cho phép (không xác định được Kf)',
  not_applicable: 'Không áp dụng (nguồn tiếp nhận nước mặn, lợ)',
};

export interface ValueCheck {
  code: string;
  value: number;
  /** the limit that applies (after the factors), null when the table has none or Kf is missing */
  min: number | null;
  max: number | null;
  exceeded: boolean;
  verdict: Verdict;
}

/**
 * Compares one flow with its permit and the national limit: the flow with the permitted flow, each
 * parameter with its limit × factor where the table says the factors apply. A value equal to the
 * limit passes; anything above it (or below a minimum, pH) fails. A value of a parameter the standard
 * does not list is 'not_in_standard'. Without Kf (an industrial work with no permitted flow and none
 * chosen) a value is judged only where every Kf gives the same answer (≤ C × Kq × 0.9 passes,
 * > C × Kq × 1.2 fails); in between it is 'missing_flow'.
 */
export function compareFlow(
  values: Record<string, unknown>,
  permit: PermitFactors,
  limits: Pick<LimitRow, 'parameter' | 'limit_min' | 'limit_max' | 'k_applies'>[],
): ValueCheck[] {
  const out: ValueCheck[] = [];
  const flow = values.flow;
  if (typeof flow === 'number' && permit.permitted_flow != null) {
    const exceeded = flow > permit.permitted_flow;
    out.push({ code: 'flow', value: flow, min: null, max: permit.permitted_flow, exceeded, verdict: exceeded ? 'exceeded' : 'pass' });
  }
  const factor = factorOf(permit);
  const kq = permit.kq ?? 0.9;
  const listed = new Set<string>();
  for (const l of limits) {
    listed.add(l.parameter);
    const v = values[l.parameter];
    if (typeof v !== 'number') continue;
    const min = l.limit_min == null ? null : l.limit_min;
    if (l.parameter === 'chloride' && factorKindOf(permit.wastewater_type) === 'kq_kf' && SALINE_KQ_CLASSES.includes(String(permit.kq_class))) {
      out.push({ code: l.parameter, value: v, min: null, max: null, exceeded: false, verdict: 'not_applicable' });
      continue;
    }
    if (l.k_applies && factor == null && l.limit_max != null) {
      const low = clean(l.limit_max * kq * 0.9);
      const high = clean(l.limit_max * kq * 1.2);
      const exceeded = v > high || (min != null && v < min);
      out.push({ code: l.parameter, value: v, min, max: null, exceeded, verdict: exceeded ? 'exceeded' : v <= low ? 'pass' : 'missing_flow' });
      continue;
    }
    const f = l.k_applies ? (factor ?? 1) : 1;
    const max = l.limit_max == null ? null : clean(l.limit_max * f);
    const exceeded = (max != null && v > max) || (min != null && v < min);
    out.push({ code: l.parameter, value: v, min, max, exceeded, verdict: exceeded ? 'exceeded' : 'pass' });
  }
  for (const p of DISCHARGE_PARAMETERS) {
    const v = values[p.code];
    if (typeof v === 'number' && !listed.has(p.code)) out.push({ code: p.code, value: v, min: null, max: null, exceeded: false, verdict: 'not_in_standard' });
  }
  return out;
}

/** A flow's status: 2 when anything broke its limit, 3 when some value could not be judged for want of Kf, 1 otherwise. */
export const statusOf = (checks: ValueCheck[]): 1 | 2 | 3 => (checks.some((c) => c.exceeded) ? 2 : checks.some((c) => c.verdict === 'missing_flow') ? 3 : 1);
/** The codes measured that the work's standard does not list. */
export const notInStandard = (checks: ValueCheck[]) => checks.filter((c) => c.verdict === 'not_in_standard').map((c) => c.code);

/** The codes that broke their limit ('flow' for the permitted flow). */
export const exceededCodes = (checks: ValueCheck[]) => checks.filter((c) => c.exceeded).map((c) => c.code);

/** YYYY-MM of a date-only value or of a moment at UTC+7. */
export const monthOf = (d: string) =>
  /^\d{4}-\d{2}-\d{2}T00:00:00/.test(d) ? d.slice(0, 7) : new Date(Date.parse(d) + 7 * 3_600_000).toISOString().slice(0, 7);
