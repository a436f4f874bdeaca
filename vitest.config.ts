import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (measured in CI), started first, longest first, so that no
 * worker ends the run alone on one of them while the others are idle (on a clean clone vitest has no
 * durations of its own to order by). The other files keep vitest's order.
 */
const LONG_FIRST = [
  'storage-s3',
  'hardening-datadir',
  'upgrade',
  'backup',
  'generic-resources',
  'fuzz',
  'resource-list',
  'hardening-shutdown',
  'migrate',
  'durability',
  'auth',
  'notifications',
  'auth-reset',
  'write-path',
  'import-generic',
  'culture',
  'hardening-signin',
];
const rank = (f: TestSpecification) => {
  const i = LONG_FIRST.findIndex((n) => /\.test\.tsx?$/.test(f.moduleId) && f.moduleId.replace(/\.test\.tsx?$/, '').endsWith(`/${n}`));
  return i < 0 ? LONG_FIRST.length : i;
};
class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.f);
  }
}

export default defineConfig({
  test: {
    // vitest's default on this 2-core machine is one worker (cores - 1): the API files wait on the
    // database as much as they compute, so three run side by side. As many workers at least as at most:
    // with fewer, tinypool ends a worker the moment it is idle (idleTimeout 0), and with workers that
    // are not isolated (below) that races a file still being handed to it (a file's results lost,
    // 'Terminating worker thread', and the worker left spinning after the run)
    maxWorkers: 3,
    minWorkers: 3,
    // The forks pool is made once from this root setting: false keeps a worker process from one file
    // to the next (the api project below also keeps its modules). A project's own `isolate` reaches
    // only the module reset, not the pool: the api project's `isolate: false` alone still re-imports
    // the whole app for every file (most of a PGlite pass spent collecting).
    poolOptions: { forks: { isolate: false } },
    sequence: { sequencer: LongFirst },
    projects: [
      // the unit projects keep a fresh module graph for every file, in a kept worker
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', poolOptions: { forks: { isolate: true } } } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          environment: 'node',
          // every answer of every API test is parsed with its route's declared `response` (core/router.ts):
          // the published document is proven against what the server really answers, on both engines
          env: { NNS_CHECK_RESPONSES: '1' },
          pool: 'forks',
          // a worker keeps the modules it has loaded from one file to the next: every file builds its
          // own app on its own database, and importing the whole app again for each file costs about as
          // much CPU as the tests. Process-wide answer caches are keyed by
          // the app's database handle (core/instance-id.ts), so files never see each other's answers.
          poolOptions: { forks: { isolate: false } },
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // a new worker for every file, as before: these files mock modules and keep state in them
          // (a kept process failed 22 of them); the threads pool isolates by its own root setting
          pool: 'threads',
          exclude: ['apps/web/src/core/vn-time.test.ts'],
          // antd in jsdom is slow, and several times slower beside the API files on two cores. No test
          // asserts a time; this only keeps a slow one alive
          testTimeout: 120_000,
        },
      },
      {
        // a browser at New York: process.env.TZ reaches the zone only in a process of its own (a worker
        // thread keeps the process's zone); its worker ends after it, before the next project's files
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web-zone',
          include: ['apps/web/src/core/vn-time.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { isolate: true } },
        },
      },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node', poolOptions: { forks: { isolate: true } } } },
    ],
  },
});
