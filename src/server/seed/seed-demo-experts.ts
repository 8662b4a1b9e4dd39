import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { experts } from '../db/schema.js';
import { demoExperts } from './demo-experts.js';
import { insertDefaultWorkingHours } from '../features/workspace/index.js';
import { inTransaction } from '../db/transaction.js';
import { ensureDemoExpertAccounts } from './demo-accounts.js';

/**
 * Inserts the demo experts that are not there yet (matched by name), with their starting week and an
 * account each (see demo-accounts.ts); safe to run again. Answers how many experts it added.
 */
export async function seedDemoExperts(db: Database): Promise<number> {
  const existing = new Set((await db.select({ name: experts.name }).from(experts)).map((row) => row.name));
  const missing = demoExperts.filter((expert) => !existing.has(expert.name));
  if (missing.length === 0) {
    await ensureDemoExpertAccounts(db);
    return 0;
  }
  await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(experts)
      .values(
        missing.map((expert) => ({
          ...expert,
          status: 'approved' as const,
          // The demo figures stand for reviews collected elsewhere: the prior real reviews add to.
          seededRating: expert.rating,
          seededReviewCount: expert.reviewCount,
          // Nobody answers a demo expert's requests unless the person running the demo signs in as them:
          // their bookings are confirmed at once (each can turn this off in the workspace).
          instantBooking: true,
          // Spread the join dates over the last three years so 'Member since' varies.
          createdAt: new Date(Date.now() - ((expert.name.length * 37) % 1000) * 86_400_000),
        })),
      )
      .returning({ id: experts.id });
    await insertDefaultWorkingHours(
      tx,
      inserted.map((row) => row.id),
    );
  });
  await ensureDemoExpertAccounts(db);
  return missing.length;
}

export async function hasAnyExpert(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(experts);
  return (row?.n ?? 0) > 0;
}
