import { describe, expect, it } from 'vitest';
import { listenLine } from '../src/core/listen-banner';

/** HOST keeps its default (every interface); the start banner says so and how to narrow it (docs/operations.md). */
describe('the start banner names the listening interface', () => {
  it('warns for every interface (0.0.0.0, ::) and names HOST=127.0.0.1 for a proxy on the same machine', () => {
    for (const host of ['0.0.0.0', '::']) {
      const line = listenLine(host, 3000);
      expect(line).toContain('MỌI giao diện mạng');
      expect(line).toContain(`HOST=${host}`);
      expect(line).toContain('HOST=127.0.0.1');
    }
  });
  it('names a narrowed interface plainly', () => {
    expect(listenLine('10.0.0.5', 3000)).toBe('  Đang nghe trên 10.0.0.5, cổng 3000');
  });
});
