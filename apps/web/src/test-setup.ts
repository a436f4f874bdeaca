import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads matchMedia (responsive grid, breakpoints), which jsdom does not have
window.matchMedia ??= ((q: string) => ({
  matches: false,
  media: q,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  onchange: null,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(cleanup);
