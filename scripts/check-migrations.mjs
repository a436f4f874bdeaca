#!/usr/bin/env node
// CI: fails when the declarations (and platform tables) differ from what the committed migrations
// build. drizzle-kit generates into a temporary copy of apps/api/drizzle; any file it writes there
// is a schema change without its migration. The committed folder is never touched.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(root, 'apps/api/drizzle');
// drizzle-kit takes the output folder relative to the working directory (it prefixes './')
const tmpRel = `.drizzle-check-${process.pid}`;
const tmp = path.join(root, tmpRel);
const out = path.join(tmp, 'drizzle');
fs.cpSync(committed, out, { recursive: true });
const config = path.join(tmp, 'drizzle.config.mjs');
fs.writeFileSync(
  config,
  `export default ${JSON.stringify({
    dialect: 'postgresql',
    schema: ['./apps/api/src/db/schema/core.ts', './apps/api/src/db/schema/resources.gen.ts'],
    out: `./${tmpRel}/drizzle`,
  })};\n`,
);
const list = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
try {
  const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift_check'], { cwd: root, encoding: 'utf8' });
  // drizzle-kit may print a failure and still exit 0: only its own 'no changes' line or a new file is an answer
  const said = r.stdout + r.stderr;
  if (r.status !== 0 || (!/No schema changes/i.test(said) && !/Your SQL migration file/i.test(said))) {
    process.stderr.write(said);
    throw new Error('check-migrations: drizzle-kit generate failed');
  }
  const before = list(committed);
  const after = list(out);
  const added = after.filter((f) => !before.includes(f));
  const changed = before.filter(
    (f) => fs.readFileSync(path.join(committed, f), 'utf8') !== fs.readFileSync(path.join(out, f), 'utf8') && f !== 'meta/_journal.json',
  );
  if (added.length || changed.length) {
    const sql = added.filter((f) => f.endsWith('.sql')).map((f) => fs.readFileSync(path.join(out, f), 'utf8'));
    throw new Error(
      `check-migrations: the declarations differ from the committed migrations. Run \`npm run db:generate -- <name>\` and commit the new migration.\n${sql.join('\n')}`,
    );
  }
  console.log(`check-migrations: ${before.filter((f) => f.endsWith('.sql')).length} committed migration(s) match the declarations`);
} catch (e) {
  console.error(e.message);
  process.exitCode = 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
