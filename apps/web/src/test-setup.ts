import { cleanup, configure } from '@testing-library/react';
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

// findBy…/waitFor wait up to 10 s instead of 1 s: antd's first renders in jsdom take seconds when the
// API suite's workers share the two cores; a passing wait returns as soon as it holds
configure({ asyncUtilTimeout: 10_000 });
