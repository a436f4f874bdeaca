import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default on this 2-core machine is one worker (cores - 1): the API files wait on the
    // database as much as they compute, so three run side by side
    maxWorkers: 3,
    minWorkers: 1,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          // a worker keeps the modules it has loaded from one file to the next: every file builds its
          // own app on its own database, and importing the whole app again for each file cost more CPU
          // than the tests (collect 268 s of 530 s on PGlite). Process-wide answer caches are keyed by
          // the app's database handle (core/instance-id.ts), so files never see each other's answers.
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['apps/web/src/test-setup.ts'] },
      },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
