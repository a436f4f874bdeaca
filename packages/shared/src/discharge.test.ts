import { describe, expect, it } from 'vitest';
import { compareFlow, defaultStandard, exceededCodes, factorKindOf, factorOf, inapplicableFactors, kfOf, SEED_LIMITS, SEED_LIMITS_MEDICAL } from './discharge';

const limits = (standard: string, column: string) => SEED_LIMITS.filter((l) => l.standard_code === standard && l.column === column);
const QCVN40B = limits('QCVN 40:2011/BTNMT', 'B');
const QCVN14A = limits('QCVN 14:2008/BTNMT', 'A');

describe('wastewater limits', () => {
  it('Kf by the discharge, boundaries included in the lower class', () => {
    expect([0, 50, 50.01, 500, 500.5, 5000, 5001].map(kfOf)).toEqual([1.2, 1.2, 1.1, 1.1, 1.0, 1.0, 0.9]);
  });

  it('industrial: Cmax = C × Kq × Kf (30 × 0.9 × 1.2 = 32.4 exactly); equal passes, just above fails', () => {
    const permit = { wastewater_type: 4, permitted_flow: 50, kq: 0.9 };
    expect(factorOf(permit)).toBeCloseTo(1.08);
    const a = limits('QCVN 40:2011/BTNMT', 'A');
    expect(exceededCodes(compareFlow({ bod5: 32.4 }, permit, a))).toEqual([]);
    expect(exceededCodes(compareFlow({ bod5: 32.400001 }, permit, a))).toEqual(['bod5']);
    expect(compareFlow({ cod: 81 }, permit, a)).toEqual([{ code: 'cod', value: 81, min: null, max: 81, exceeded: false }]);
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

  it('the flow against the permitted flow; parameters without value or limit are not judged', () => {
    const permit = { wastewater_type: 2, permitted_flow: 100 };
    expect(compareFlow({ flow: 100, cod: 999 }, permit, QCVN14A)).toEqual([{ code: 'flow', value: 100, min: null, max: 100, exceeded: false }]);
    expect(exceededCodes(compareFlow({ flow: 100.001 }, permit, QCVN14A))).toEqual(['flow']);
  });

  it('each wastewater type has its standard and its factors: K for domestic, urban (QCVN 14) and medical (QCVN 28), Kq × Kf for industrial (QCVN 40)', () => {
    expect([1, 2, 3, 4].map(defaultStandard)).toEqual(['QCVN 14:2008/BTNMT', 'QCVN 14:2008/BTNMT', 'QCVN 28:2010/BTNMT', 'QCVN 40:2011/BTNMT']);
    expect([1, 2, 3, 4].map(factorKindOf)).toEqual(['k', 'k', 'k', 'kq_kf']);
    expect(inapplicableFactors(3)).toEqual(['kq', 'kf']);
    expect(inapplicableFactors(4)).toEqual(['k_factor']);
    // a medical permit's Kq/Kf would not count even if stored: K is its factor
    expect(factorOf({ wastewater_type: 3, permitted_flow: 10, k_factor: 1.2, kq: 0.5, kf: 0.5 })).toBe(1.2);
  });

  it('QCVN 28:2010 A/B: COD 50/100, pH 6.5–8.5, K not on pH and coliform', () => {
    const a = SEED_LIMITS_MEDICAL.filter((l) => l.column === 'A');
    const b = SEED_LIMITS_MEDICAL.filter((l) => l.column === 'B');
    expect(a).toHaveLength(10);
    expect(b.find((l) => l.parameter === 'cod')?.limit_max).toBe(100);
    const permit = { wastewater_type: 3, permitted_flow: 100, k_factor: 1.2 };
    expect(exceededCodes(compareFlow({ cod: 60, bod5: 36, ph: 8.5, coliform: 3000 }, permit, a))).toEqual([]);
    expect(exceededCodes(compareFlow({ cod: 60.01, ph: 8.51, coliform: 3001 }, permit, a))).toEqual(['ph', 'cod', 'coliform']);
  });
});
