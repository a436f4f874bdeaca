import { describe, expect, it } from 'vitest';
import {
  compareFlow,
  DISCHARGE_PARAMETERS,
  defaultStandard,
  exceededCodes,
  factorKindOf,
  factorOf,
  inapplicableFactors,
  K_CLASSES,
  KF_CLASSES,
  KQ_CLASSES,
  kfClassOf,
  kfOf,
  SEED_LIMITS,
  SEED_LIMITS_MEDICAL,
  standardInForce,
  statusOf,
} from './discharge';

const limits = (standard: string, column: string) => SEED_LIMITS.filter((l) => l.standard_code === standard && l.column === column);
const QCVN40B = limits('QCVN 40:2011/BTNMT', 'B');
const QCVN14A = limits('QCVN 14:2008/BTNMT', 'A');

describe('wastewater limits', () => {
  it('Kf by the discharge, boundaries included in the lower class', () => {
    expect([0, 50, 50.01, 500, 500.5, 5000, 5001].map(kfOf)).toEqual([1.2, 1.2, 1.1, 1.1, 1.0, 1.0, 0.9]);
    // no permitted flow: Kf is not assumed
    expect([null, undefined].map(kfOf)).toEqual([null, null]);
  });

  it('industrial: Cmax = C × Kq × Kf (30 × 0.9 × 1.2 = 32.4 exactly); equal passes, just above fails', () => {
    const permit = { wastewater_type: 4, permitted_flow: 50, kq: 0.9 };
    expect(factorOf(permit)).toBeCloseTo(1.08);
    const a = limits('QCVN 40:2011/BTNMT', 'A');
    expect(exceededCodes(compareFlow({ bod5: 32.4 }, permit, a))).toEqual([]);
    expect(exceededCodes(compareFlow({ bod5: 32.400001 }, permit, a))).toEqual(['bod5']);
    expect(compareFlow({ cod: 81 }, permit, a)).toEqual([{ code: 'cod', value: 81, min: null, max: 81, exceeded: false, verdict: 'pass' }]);
  });

  it('no factor on pH and coliform; pH is a range', () => {
    const permit = { wastewater_type: 4, permitted_flow: 10, kq: 1.2, kf: 1.2 };
    const r = compareFlow({ ph: 5.5, coliform: 5000 }, permit, QCVN40B);
    expect(r.map((x) => [x.code, x.min, x.max, x.exceeded])).toEqual([
      ['ph', 5.5, 9, false],
      ['coliform', null, 5000, false],
    ]);
    expect(exceededCodes(compareFlow({ ph: 5.49, coliform: 5000.5 }, permit, QCVN40B))).toEqual(['ph', 'coliform']);
    expect(exceededCodes(compareFlow({ ph: 9.01 }, permit, QCVN40B))).toEqual(['ph']);
  });

  it('domestic: K of the permit (1.2 small facility), empty K is 1.0', () => {
    expect(exceededCodes(compareFlow({ bod5: 36, tss: 60 }, { wastewater_type: 1, permitted_flow: 10, k_factor: 1.2 }, QCVN14A))).toEqual([]);
    expect(exceededCodes(compareFlow({ bod5: 30.01 }, { wastewater_type: 1, permitted_flow: 10 }, QCVN14A))).toEqual(['bod5']);
  });

  it('the flow against the permitted flow; a parameter the standard does not list is "not in standard"', () => {
    const permit = { wastewater_type: 2, permitted_flow: 100 };
    expect(compareFlow({ flow: 100, cod: 999 }, permit, QCVN14A)).toEqual([
      { code: 'flow', value: 100, min: null, max: 100, exceeded: false, verdict: 'pass' },
      // COD is not a parameter of QCVN 14: shown as such, never 'Đạt'
      { code: 'cod', value: 999, min: null, max: null, exceeded: false, verdict: 'not_in_standard' },
    ]);
    expect(exceededCodes(compareFlow({ flow: 100.001 }, permit, QCVN14A))).toEqual(['flow']);
  });

  it('each wastewater type has its standard and its factors: K for domestic, urban (QCVN 14) and medical (QCVN 28), Kq × Kf for industrial (QCVN 40)', () => {
    expect([1, 2, 3, 4].map(defaultStandard)).toEqual(['QCVN 14:2008/BTNMT', 'QCVN 14:2008/BTNMT', 'QCVN 28:2010/BTNMT', 'QCVN 40:2011/BTNMT']);
    expect([1, 2, 3, 4].map(factorKindOf)).toEqual(['k', 'k', 'k', 'kq_kf']);
    expect(inapplicableFactors(3)).toEqual(['kq_class', 'kf_class']);
    expect(inapplicableFactors(4)).toEqual(['k_class']);
    // a medical permit's Kq/Kf would not count even if stored: K is its factor
    expect(factorOf({ wastewater_type: 3, permitted_flow: 10, k_factor: 1.2, kq: 0.5, kf: 0.5 })).toBe(1.2);
  });

  it('QCVN 28:2010 A/B: COD 50/100, pH 6.5–8.5, K not on pH and coliform', () => {
    const a = SEED_LIMITS_MEDICAL.filter((l) => l.column === 'A');
    const b = SEED_LIMITS_MEDICAL.filter((l) => l.column === 'B');
    expect(a).toHaveLength(12);
    expect(a.filter((l) => l.parameter.startsWith('gross_')).map((l) => [l.parameter, l.limit_max, l.unit, l.k_applies])).toEqual([
      ['gross_alpha', 0.1, 'Bq/L', false],
      ['gross_beta', 1, 'Bq/L', false],
    ]);
    expect(b.find((l) => l.parameter === 'cod')?.limit_max).toBe(100);
    const permit = { wastewater_type: 3, permitted_flow: 100, k_factor: 1.2 };
    expect(exceededCodes(compareFlow({ cod: 60, bod5: 36, ph: 8.5, coliform: 3000 }, permit, a))).toEqual([]);
    expect(exceededCodes(compareFlow({ cod: 60.01, ph: 8.51, coliform: 3001 }, permit, a))).toEqual(['ph', 'cod', 'coliform']);
  });

  it('QCVN 40:2011 Bảng 1 has its 33 parameters in both columns; Kq × Kf not on temperature, colour, pH, coliform, gross α, gross β', () => {
    for (const column of ['A', 'B']) {
      const rows = limits('QCVN 40:2011/BTNMT', column);
      expect(rows).toHaveLength(33);
      expect(new Set(rows.map((r) => r.parameter)).size).toBe(33);
      expect(rows.filter((r) => !r.k_applies).map((r) => r.parameter)).toEqual(['ph', 'coliform', 'temperature', 'colour', 'gross_alpha', 'gross_beta']);
      for (const r of rows) expect(DISCHARGE_PARAMETERS.some((p) => p.code === r.parameter)).toBe(true);
    }
    const a = limits('QCVN 40:2011/BTNMT', 'A');
    const b = limits('QCVN 40:2011/BTNMT', 'B');
    const pick = (rows: typeof a, code: string) => rows.find((r) => r.parameter === code)?.limit_max;
    expect(
      [
        'temperature',
        'colour',
        'cr3',
        'sulfide',
        'fluoride',
        'chloride',
        'residual_chlorine',
        'pesticides_oc',
        'pesticides_op',
        'pcb',
        'gross_alpha',
        'gross_beta',
      ].map((c) => [pick(a, c), pick(b, c)]),
    ).toEqual([
      [40, 40],
      [50, 150],
      [0.2, 1],
      [0.2, 0.5],
      [5, 10],
      [500, 1000],
      [1, 2],
      [0.05, 0.1],
      [0.3, 1],
      [0.003, 0.01],
      [0.1, 0.1],
      [1, 1],
    ]);
  });

  it('sulfide of an industrial flow at columns A and B with Kq × Kf: 5 mg/L is over both; the edges pass', () => {
    const a = limits('QCVN 40:2011/BTNMT', 'A');
    const b = limits('QCVN 40:2011/BTNMT', 'B');
    const base = { wastewater_type: 4, permitted_flow: 100, kq: 0.9 }; // Kf 1.1 from F = 100
    expect(exceededCodes(compareFlow({ sulfide: 5 }, base, a))).toEqual(['sulfide']);
    expect(exceededCodes(compareFlow({ sulfide: 5 }, base, b))).toEqual(['sulfide']);
    // A: 0.2 × 0.9 × 1.1 = 0.198; B: 0.5 × 0.9 × 1.1 = 0.495
    expect(compareFlow({ sulfide: 0.198 }, base, a)[0]).toMatchObject({ max: 0.198, exceeded: false, verdict: 'pass' });
    expect(compareFlow({ sulfide: 0.1981 }, base, a)[0]).toMatchObject({ exceeded: true });
    expect(compareFlow({ sulfide: 0.495 }, base, b)[0]).toMatchObject({ max: 0.495, exceeded: false });
    expect(compareFlow({ sulfide: 0.4951 }, base, b)[0]).toMatchObject({ exceeded: true });
    // coastal water not for aquatic life (Kq 1.3) and F ≤ 50 (Kf 1.2): B 0.5 × 1.3 × 1.2 = 0.78
    const coast = { wastewater_type: 4, permitted_flow: 50, kq: 1.3, kq_class: 'sea_other' };
    expect(compareFlow({ sulfide: 0.78 }, coast, b)[0]).toMatchObject({ max: 0.78, exceeded: false });
    expect(compareFlow({ sulfide: 0.7801 }, coast, b)[0]).toMatchObject({ exceeded: true });
    // chloride does not apply to saline or brackish receiving water
    expect(compareFlow({ chloride: 5000 }, coast, b)[0]).toMatchObject({ exceeded: false, verdict: 'not_applicable' });
    expect(compareFlow({ chloride: 5000 }, base, b)[0]).toMatchObject({ exceeded: true });
    // gross α and temperature take no factor
    expect(compareFlow({ gross_alpha: 0.1, temperature: 40 }, coast, b).map((c) => [c.max, c.exceeded])).toEqual([
      [40, false],
      [0.1, false],
    ]);
  });

  it('no permitted flow and no Kf: not assumed; judged only where every Kf agrees', () => {
    const a = limits('QCVN 40:2011/BTNMT', 'A');
    const permit = { wastewater_type: 4, permitted_flow: null, kq: 1.0 };
    expect(factorOf(permit)).toBeNull();
    // sulfide A 0.2: ≤ 0.2 × 1.0 × 0.9 = 0.18 passes whatever Kf; > 0.2 × 1.2 = 0.24 fails whatever Kf; between: missing
    expect(compareFlow({ sulfide: 0.18 }, permit, a)[0].verdict).toBe('pass');
    expect(compareFlow({ sulfide: 0.2 }, permit, a)[0]).toMatchObject({ verdict: 'missing_flow', exceeded: false, max: null });
    expect(compareFlow({ sulfide: 5 }, permit, a)[0]).toMatchObject({ verdict: 'exceeded', exceeded: true });
    expect(statusOf(compareFlow({ sulfide: 0.2, ph: 7 }, permit, a))).toBe(3);
    expect(statusOf(compareFlow({ sulfide: 5 }, permit, a))).toBe(2);
    expect(statusOf(compareFlow({ sulfide: 0.1 }, permit, a))).toBe(1);
    // pH needs no factor: judged
    expect(compareFlow({ ph: 5 }, permit, a)[0]).toMatchObject({ exceeded: true });
    // a Kf chosen by class stands without a permitted flow
    expect(factorOf({ ...permit, kf: 1.1 })).toBeCloseTo(1.1);
  });

  it('the factor tables: K 1.0/1.2 by facility type and size, Kq by receiving water (coastal 1.3 / 1.0), Kf by F', () => {
    expect(K_CLASSES).toHaveLength(16);
    for (let i = 0; i < K_CLASSES.length; i += 2) expect([K_CLASSES[i].factor, K_CLASSES[i + 1].factor]).toEqual([1.0, 1.2]);
    expect(K_CLASSES.every((k) => k.label.endsWith(`: ${String(k.factor).replace('.', ',')}`))).toBe(true);
    expect(KQ_CLASSES.map((k) => [k.value, k.factor])).toEqual([
      ['river_50', 0.9],
      ['river_200', 1.0],
      ['river_500', 1.1],
      ['river_more', 1.2],
      ['lake_10', 0.6],
      ['lake_100', 0.8],
      ['lake_more', 1.0],
      ['sea_other', 1.3],
      ['sea_protected', 1.0],
    ]);
    expect(KF_CLASSES.map((k) => k.factor)).toEqual([1.2, 1.1, 1.0, 0.9]);
    expect([50, 50.5, 500, 5000, 5000.1].map((f) => kfClassOf(f)?.value)).toEqual(['f_50', 'f_500', 'f_500', 'f_5000', 'f_more']);
  });

  it('a new work takes the standard in force that the limits table holds; 2025 standards from 01/09/2025', () => {
    const only2011 = (c: string) => !c.includes('2025');
    expect(standardInForce(3, '2026-12-07', only2011)).toBe('QCVN 28:2010/BTNMT');
    expect(standardInForce(3, '2026-12-07', () => true)).toBe('QCVN 40:2025/BTNMT');
    expect(standardInForce(3, '2025-08-31', () => true)).toBe('QCVN 28:2010/BTNMT');
    expect(standardInForce(1, '2025-09-01', () => true)).toBe('QCVN 14:2025/BTNMT');
    expect(standardInForce(4, '2026-01-01', only2011)).toBe('QCVN 40:2011/BTNMT');
  });
});
