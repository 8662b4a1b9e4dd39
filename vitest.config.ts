import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) };
const apiTests = ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'];

// API tests run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: apiTests },
      },
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: `api-${db}`,
          include: apiTests,
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
