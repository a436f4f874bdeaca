import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentOpenApi, OPENAPI_FILE } from '../src/scripts/openapi';
import { call, makeApp } from './helpers';

const root = path.resolve(__dirname, '../../..');

// the committed files against the code: the same on either engine, so the PostgreSQL pass leaves them to the PGlite one
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('committed contract', () => {
  it('the committed OpenAPI document matches the code (run npm run openapi)', async () => {
    const doc = await currentOpenApi();
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(doc);
    const parsed = JSON.parse(doc);
    expect(parsed.paths['/api/admin/product-units'].get['x-permission']).toEqual({ action: 'list', subject: 'product_units' });
  });

  it('the generated registries match the declaration files (run npm run gen)', () => {
    expect(() => execFileSync('node', ['scripts/gen-resources.mjs', '--check'], { cwd: root, stdio: 'pipe' })).not.toThrow();
  });

  it('serves the document and its UI at /api/docs', async () => {
    const t = await makeApp();
    try {
      const json = await call(t, 'GET', '/api/docs/json', { token: '' });
      expect(json.status).toBe(200);
      expect(json.raw.json().openapi).toBe('3.1.0');
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('swagger');
    } finally {
      await t.close();
    }
  });
});
