import type { DatabaseHandle } from '../db/client.js';
import { retryOnDeadlock, withStartLock } from '../db/start-lock.js';
import { seedDemoApplicants } from './demo-applicants.js';
import { hasAnyExpert, seedDemoExperts } from './seed-demo-experts.js';

/**
 * What a server started with SEED_DEMO does: on a database without experts, adds the demo experts and
 * applicants. Under the start-up lock, so of several servers starting together on an empty database
 * one seeds and the others find experts there.
 */
export function seedDemoOnStart(database: DatabaseHandle): Promise<void> {
  return withStartLock(database, async () => {
    if (await hasAnyExpert(database.db)) return;
    // Both add only what is missing, so a second attempt finishes what the first began.
    await retryOnDeadlock(async () => {
      await seedDemoExperts(database.db);
      await seedDemoApplicants(database.db);
    });
  });
}
