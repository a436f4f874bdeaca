// `npm start` runs the API bundled (scripts/api-bundle.mjs) with plain node, built once and again only
// when a source is newer: the build, its up-to-date check, and the built server answering.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureApiBundle, root, staleReason } from '../../../scripts/api-bundle.mjs';
import { serverHarness, startServer } from './server-process';

const { ownData, cleanups } = serverHarness('startbundle');

describe('the production bundle (npm start)', { timeout: 120_000 }, () => {
  it('builds once, rebuilds when the sources are newer or the tree moved, and its server runs on node without tsx', async () => {
    // inside the tree, as the product's (apps/api/dist/api): its packages resolve from node_modules
    const outdir = path.join(root, 'apps/api/dist', `start-test-${process.pid}`);
    cleanups.push(() => fs.rmSync(outdir, { recursive: true, force: true }));
    const quiet = () => {};
    expect(staleReason(outdir)).toBe('no bundle');
    expect(await ensureApiBundle({ outdir, log: quiet })).toBe(true);
    for (const f of ['server.mjs', 'backup.mjs', 'restore.mjs', 'build.json']) expect(fs.existsSync(path.join(outdir, f))).toBe(true);
    expect(staleReason(outdir)).toBeNull();
    expect(await ensureApiBundle({ outdir, log: quiet })).toBe(false);

    // the stamp says what the bundle was built from: older sources, or another place of the tree
    const stampFile = path.join(outdir, 'build.json');
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, sourcesTime: stamp.sourcesTime - 1 }));
    expect(staleReason(outdir)).toBe('sources changed');
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, root: '/elsewhere' }));
    expect(staleReason(outdir)).toBe('the tree moved');
    fs.writeFileSync(stampFile, JSON.stringify(stamp));
    expect(staleReason(outdir)).toBeNull();

    const server = await startServer(await ownData(), 90_000, [path.join(outdir, 'server.mjs')]);
    cleanups.push(() => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      return server.exited;
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    // what ps shows: node and the bundle, no TypeScript loader
    const cmdline = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, path.join(outdir, 'server.mjs')]);
    expect(cmdline.join(' ')).not.toContain('tsx');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
