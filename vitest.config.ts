import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) };
const apiTests = ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'];

// API tests run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { alias },
  test: {
    // API tests wait on their databases and servers much of the time: three files at a time keep two cores busy.
    maxWorkers: 3,
    // What a test waits for (a notification, a job) can take seconds on a loaded two-core CI machine,
    // where vitest's default wait gives up after one.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: apiTests,
          // Unit files share the machine with the API files' databases and servers: a test that takes a
          // second alone has taken five on a loaded two-core CI machine.
          testTimeout: 20_000,
        },
      },
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: `api-${db}`,
          include: apiTests,
          env: { TEST_DB: db },
          // One migrated database per run, copied for each test file's app.
          globalSetup: ['src/server/test/database-template.ts', 'src/server/test/server-bundle.ts'],
          // A worker runs its API test files one after another in one module graph: each file builds and
          // closes its own apps on its own database, and importing the whole server again for every file
          // took more of the run than most tests.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 150_000,
        },
      })),
    ],
  },
});
