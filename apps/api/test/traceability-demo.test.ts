import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/app';
import { call, callJob, makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
  await seedDemo(t.app.services);
}, 180_000);
afterAll(async () => t?.close());

describe('traceability demo data', () => {
  it('gives each harvested demo batch a trace that passes every trace rule, and the coffee trace a run of 60 stamps', async () => {
    const batches = (await call(t, 'GET', '/api/admin/batches', { query: { status: 'harvested', limit: '100' } })).body.data.entries;
    const traces = (await call(t, 'GET', '/api/admin/traces', { query: { limit: '100' } })).body.data.entries;
    expect(traces.map((x: { batch_id: number }) => x.batch_id).sort()).toEqual(batches.map((b: { id: number }) => b.id).sort());
    for (const tr of traces) {
      const r = await call(t, 'PUT', `/api/admin/traces/${tr.id}`, { body: tr });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const runs = (await call(t, 'GET', '/api/admin/stamps')).body.data.entries;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ quantity: 60, status: 'issued', stamps_per_line: 3 });
    const coffee = traces.find((x: { id: number }) => x.id === runs[0].trace_id);
    expect(coffee.code).toBe('TX-CF-PH-2025');
    const codes = await call(t, 'GET', `/api/admin/stamps/${runs[0].id}/codes`, { query: { limit: '100' } });
    expect(codes.body.data.entries).toHaveLength(60);
    const sheet = await callJob(t, 'GET', `/api/admin/print-stamp/${runs[0].id}/2`);
    expect(sheet.body.data.job.count).toBe(6);
    expect(sheet.body.data.job.serial_from).toBe(runs[0].serial_from + 30);
  });

  it('has half the stamps printed (a kept sheet) and scanned over four weeks, one flagged, so the statistics are alive', async () => {
    const [run] = (await call(t, 'GET', '/api/admin/stamps')).body.data.entries;
    const codes = (await call(t, 'GET', `/api/admin/stamps/${run.id}/codes`, { query: { limit: '100' } })).body.data.entries as {
      status: string;
      scan_count: number;
      flagged: boolean;
    }[];
    expect(codes.filter((c) => c.status === 'activated')).toHaveLength(19);
    expect(codes.filter((c) => c.flagged)).toHaveLength(1);
    expect(codes.find((c) => c.flagged)?.scan_count).toBeGreaterThan(5);
    const stats = await call(t, 'GET', '/api/admin/scan-statistics', { query: { product_id: String(run.product_id) } });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const { totals, daily } = stats.body.data;
    expect(totals.first_scans).toBe(19);
    expect(totals.flagged).toBe(1);
    expect(totals.scans).toBe(codes.reduce((n, c) => n + c.scan_count, 0));
    expect(daily.filter((d: { scans: number }) => d.scans > 0).length).toBeGreaterThan(10);
    const located = await call(t, 'GET', '/api/admin/scan-statistics/locations', { query: { product_id: String(run.product_id) } });
    expect(located.status, JSON.stringify(located.body)).toBe(200);
    expect(JSON.stringify(located.body.data)).toContain('21.0285');
  });
});
