import { expect } from 'vitest';
import type { TestApp } from './helpers';

/**
 * A real answer against the `response` schema its route declares (what the OpenAPI document and the
 * web's generated types say of it): a hand-written answer whose keys or types drift from its schema
 * fails here. `url` is the route's pattern (`/api/admin/stamps/:id/codes`).
 */
export function expectDocumented(t: TestApp, method: string, url: string, body: { code: number; data: unknown } | null) {
  const route = t.app.routeTable.find((r) => r.method === method && r.url === url);
  expect(route, `${method} ${url} is not a route`).toBeDefined();
  expect(route?.response, `${method} ${url} declares no response`).toBeDefined();
  expect(body?.code, JSON.stringify(body)).toBe(200);
  const parsed = route?.response?.safeParse(body?.data);
  expect(parsed?.success, `${method} ${url}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true);
}
