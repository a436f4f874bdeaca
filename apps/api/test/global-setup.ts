import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedPlatform } from '../src/db/seed-platform';
import { ADMIN_PASSWORD } from './admin-password';

/**
 * Once per run of the API suite: a database migrated and seeded exactly as buildApp leaves a new one
 * (migrations, permissions, the full role, the admin with ADMIN_PASSWORD), which makeApp copies
 * instead of migrating each time. On PGlite a dump of its data directory (starting a cluster from a
 * dump takes a third of an empty one plus the migrations); on PostgreSQL a template database.
 * buildApp still runs the migrations and the seed on the copy: they find nothing to do.
 */
export default async function setup(project: TestProject) {
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
  const database = await openDatabase({ dir: 'memory://' });
  await migrate(database, async (tx) => void (await seedPlatform(tx, ADMIN_PASSWORD)));
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) return;
  const file = path.join(os.tmpdir(), `nns-test-template-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
