// npm run db:seed — inserts the demo experts and applicants that are missing; safe to run again.
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { acquireLock } from '../src/server/db/data-dir-lock.js';
import { withStartLock } from '../src/server/db/start-lock.js';
import { seedDemoExperts } from '../src/server/seed/seed-demo-experts.js';
import { seedDemoApplicants } from '../src/server/seed/demo-applicants.js';

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const lock = config.DATABASE_URL ? undefined : acquireLock(dataDir);
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: resolve(dataDir, 'pglite') });
    try {
      await database.migrate();
      // Under the lock a starting server seeds with, so the two never add the same experts.
      await withStartLock(database, async () => {
        const added = await seedDemoExperts(database.db);
        console.log(added ? `Added ${added} demo experts.` : 'All demo experts are already there.');
        const applicants = await seedDemoApplicants(database.db);
        console.log(applicants ? `Added ${applicants} demo applicants.` : 'All demo applicants are already there.');
      });
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
