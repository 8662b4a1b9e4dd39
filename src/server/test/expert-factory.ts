import type { Database } from '../db/client.js';
import { experts } from '../db/schema.js';
import { insertDefaultWorkingHours } from '../features/workspace/index.js';

type NewExpert = typeof experts.$inferInsert;

let counter = 0;

/** Inserts an approved expert with plausible values and the default week; overrides set what a test is about. */
export async function insertExpert(db: Database, overrides: Partial<NewExpert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(experts)
    .values({
      name: `Expert ${counter}`,
      specialty: 'engines',
      bio: 'Marine technician.',
      rating: '4.50',
      reviewCount: 10,
      city: 'Annapolis',
      state: 'MD',
      zipCode: '21401',
      certifications: 'ABYC Certified',
      experience: 10,
      serviceRadius: 30,
      videoRateCents: 7500,
      onsiteRateCents: 12500,
      onsiteMinimumHours: 2,
      serviceTypes: ['video', 'onsite'],
      available: true,
      status: 'approved',
      timeZone: 'America/New_York',
      ...overrides,
      // Like a demo expert: the starting figures are the prior the reviews combine with.
      seededRating: overrides.seededRating ?? overrides.rating ?? '4.50',
      seededReviewCount: overrides.seededReviewCount ?? overrides.reviewCount ?? 10,
    })
    .returning();
  await insertDefaultWorkingHours(db, [row!.id]);
  return row!;
}
