import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedPlatform } from '../src/core/seed-platform';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ADMIN_PASSWORD } from './admin-password';
import { buildTestBundle } from './bundle-build';

/**
 * Once per run of the API suite: a database migrated and seeded exactly as buildApp leaves a new one
 * (migrations, permissions, the full role, the admin with ADMIN_PASSWORD), which makeApp copies
 * instead of migrating each time. On PGlite a dump of its data directory (starting a cluster from a
 * dump takes a third of an empty one plus the migrations); on PostgreSQL a template database.
 * buildApp still runs the migrations and the seed on the copy: they find nothing to do.
 */
export default async function setup(project: TestProject) {
  const bundle = await buildTestBundle();
  project.provide('testBundleDir', bundle);
  const teardown = await databases(project);
  return async () => {
    await teardown();
    if (bundle) fs.rmSync(bundle, { recursive: true, force: true });
  };
}

async function databases(project: TestProject): Promise<() => unknown> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `nns_tpl_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrate(database, async (tx) => void (await seedPlatform(tx, ADMIN_PASSWORD)));
    await database.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  // on disk, so tests that need a whole cluster (a server process's DATA_DIR, an empty target of a
  // restore or an upgrade) copy a directory instead of running initdb (6 s of CPU) and the migrations
  // (4 s) again: an empty cluster, and the same migrated and seeded
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `nns-test-clusters-${process.pid}-`));
  const emptyDir = path.join(work, 'empty');
  const seededDir = path.join(work, 'seeded');
  const empty = await openDatabase({ dir: emptyDir });
  const emptyDump = await empty.pglite?.dumpDataDir('none');
  await empty.close();
  fs.cpSync(emptyDir, seededDir, { recursive: true });
  const database = await openDatabase({ dir: seededDir });
  await migrate(database, async (tx) => void (await seedPlatform(tx, ADMIN_PASSWORD)));
  const full = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!full || !emptyDump) return () => fs.rmSync(work, { recursive: true, force: true });
  const dump = await withoutTemplates(full);
  const file = path.join(work, 'seeded.tar');
  const emptyFile = path.join(work, 'empty.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  fs.writeFileSync(emptyFile, Buffer.from(await (await withoutTemplates(emptyDump)).arrayBuffer()));
  // the lock files of the two clusters (data-lock.ts) name this process, which lives as long as the run
  for (const d of [emptyDir, seededDir]) fs.rmSync(`${d}.lock`, { force: true });
  project.provide('pgliteTemplate', file);
  project.provide('pgliteEmpty', emptyFile);
  project.provide('pgliteEmptyDir', emptyDir);
  project.provide('pgliteSeededDir', seededDir);
  return () => fs.rmSync(work, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the API bundled for the processes tests start (bundle.ts) */
    testBundleDir?: string;
    pgTemplate?: string;
    /** a dump of the migrated and seeded cluster (makeApp loads it into memory) */
    pgliteTemplate?: string;
    /** a dump of an empty cluster (initdb only) */
    pgliteEmpty?: string;
    /** the same two as closed data directories on disk, to copy */
    pgliteEmptyDir?: string;
    pgliteSeededDir?: string;
  }
}

/**
 * The dumps makeApp and emptyPglite load, without the cluster's template databases (template0, template1: 600 of its
 * 2,240 files and 15 MB): PGlite writes a dump into its in-memory file system file by file, so a test
 * file's database opens about a third faster. Nothing a
 * test does on PGlite makes a database; the on-disk clusters (server processes, restores into a
 * directory) keep their templates.
 */
async function withoutTemplates(dump: Blob): Promise<Blob> {
  const database = await openDatabase({ dir: 'memory://', loadDataDir: dump });
  const c = database.pglite;
  if (!c) return dump;
  for (const name of ['template0', 'template1']) {
    await c.query(`alter database ${name} is_template false`);
    await c.query(`drop database ${name}`);
  }
  await c.query('checkpoint');
  const slim = await c.dumpDataDir('none');
  await database.close();
  return slim;
}
