import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/api/src/db/schema/core.ts', './apps/api/src/db/schema/resources.gen.ts'],
  out: './apps/api/drizzle',
});
