import { describe, expect, it } from 'vitest';
import { windowOnYear } from './timeline';

describe('windowOnYear', () => {
  it('places a window inside the year', () => {
    const w = windowOnYear('2026-07-01T00:00:00Z', '2026-07-31T00:00:00Z', 2026);
    expect(w?.left).toBeGreaterThan(49);
    expect(w?.left).toBeLessThan(50);
    expect(w?.width).toBeCloseTo((31 / 365) * 100, 0);
    expect(w?.cutStart).toBe(false);
  });
  it('cuts a Đông Xuân window that starts the December before', () => {
    const w = windowOnYear('2025-12-15T00:00:00Z', '2026-01-10T00:00:00Z', 2026);
    expect(w).toMatchObject({ left: 0, cutStart: true, cutEnd: false });
  });
  it('leaves out a window of another year', () => {
    expect(windowOnYear('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', 2026)).toBeNull();
  });
});
