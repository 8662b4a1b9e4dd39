import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { isDatabaseUnavailable } from './src/server/core/database-error.js';

const alias = { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) };
const apiTests = ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'];

// API tests run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

/**
 * API files whose subject is not the database (the HTTP layer, password hashing, page rendering, another
 * service's protocol, the route table) run on the embedded database only: on PostgreSQL they would run the
 * same few queries and prove nothing more. What differs between the two (errors, connections and pools,
 * races, LISTEN/NOTIFY, outages, migrations, backups, SQL that PostgreSQL 15 refuses) is tested on both.
 */
const databaseIndependent = [
  'src/server/auth/password-cost.api.test.ts',
  'src/server/auth/sign-in-burst.api.test.ts',
  'src/server/auth/session-cache.api.test.ts',
  'src/server/auth/trust-proxy.api.test.ts',
  'src/server/auth/login-redirect.api.test.ts',
  'src/server/http/encoded-paths.api.test.ts',
  'src/server/http/metrics.api.test.ts',
  'src/server/http/request-input.api.test.ts',
  'src/server/http/security.api.test.ts',
  'src/server/http/server-render.api.test.ts',
  'src/server/features/search-engines/page-heads.api.test.ts',
  'src/server/features/search-engines/search-engines.api.test.ts',
  'src/server/features/ai/ai-openai.api.test.ts',
  'src/server/storage/s3-photo-store.api.test.ts',
  'src/server/test/route-owners.api.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // API tests wait on their databases and servers much of the time: three files at a time keep two cores busy.
    maxWorkers: 3,
    // What a test waits for (a notification, a job) can take seconds on a loaded two-core CI machine,
    // where vitest's default wait gives up after one.
    expect: { poll: { timeout: 10_000 } },
    // pg-boss 10 neither awaits nor catches the query that marks a finished job complete: when a loaded
    // machine's database connection times out at that moment, its rejection is unhandled. The server rides
    // that out (src/server/main.ts), so the tests do too; any other unhandled error still fails the run.
    onUnhandledError: (error) => (isDatabaseUnavailable(error) ? false : undefined),
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
          exclude: [...configDefaults.exclude, ...(db === 'pglite' ? [] : databaseIndependent)],
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
