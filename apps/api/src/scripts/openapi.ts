import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { buildOpenApi } from '../core/openapi';
import { openDatabase } from '../db/client';

/** Writes the committed OpenAPI document (apps/api/openapi.json); `--check` fails when it is stale. */
export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');

export async function currentOpenApi(): Promise<string> {
  const database = await openDatabase({ dir: 'memory://' });
  const { app } = await buildApp({ database, logger: false, env: {}, config: { ADMIN_PASSWORD: 'openapi-only', DATA_DIR: '/tmp/nns-openapi' } });
  const doc = `${JSON.stringify(buildOpenApi(app.routeTable), null, 2)}\n`;
  await app.close();
  await database.close();
  return doc;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const doc = await currentOpenApi();
  if (process.argv.includes('--check')) {
    const old = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (old !== doc) {
      console.error('apps/api/openapi.json is stale: run npm run openapi');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(OPENAPI_FILE, doc);
    console.log(`OpenAPI: ${OPENAPI_FILE}`);
  }
}
