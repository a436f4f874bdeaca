import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
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
