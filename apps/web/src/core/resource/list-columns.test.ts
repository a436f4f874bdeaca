import { describe, expect, it } from 'vitest';
import { shareWidths } from './list-columns';

describe('shareWidths: text columns share the room of a 1366 px list', () => {
  const col = (key: string, want: number, min = 72, max = 300) => ({ key, want, min, max });

  it('gives each column its longest cell when they all fit, and the room to spare by their size', () => {
    const w = shareWidths([col('code', 80, 90, 200), col('name', 130), col('path', 252)], 472);
    expect(Object.fromEntries(w)).toEqual({ code: 90, name: 130, path: 252 });
    const roomy = Object.fromEntries(shareWidths([col('code', 80, 90, 200), col('name', 130), col('path', 252)], 944));
    expect(roomy).toEqual({ code: 180, name: 260, path: 300 });
  });

  it('keeps the narrow ones whole and shares the rest equally when they do not', () => {
    // a labors page: code, name, position, producer in 519 px
    const w = shareWidths([col('code', 75, 90, 200), col('full_name', 143, 72, 360), col('position', 233), col('producer', 338)], 519);
    expect(Object.fromEntries(w)).toEqual({ code: 90, full_name: 143, position: 143, producer: 143 });
    expect([...w.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(519);
  });

  it('never goes under a column’s minimum, nor over its maximum', () => {
    const w = shareWidths([col('a', 900), col('b', 10)], 100);
    expect(Object.fromEntries(w)).toEqual({ b: 72, a: 72 });
    expect(shareWidths([col('a', 900)], 2000).get('a')).toBe(300);
  });
});
