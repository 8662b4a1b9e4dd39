import type { Database } from '../src/server/db/client.js';
import { experts } from '../src/server/db/schema.js';
import { demoExperts } from '../src/server/seed/demo-experts.js';
import { SPECIALTY_VALUES } from '../src/common/specialties.js';
import { seededRandom } from './seeded-random.js';

export const SYNTHETIC_FIRST_NAMES = ['Alex', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Taylor', 'Jamie', 'Avery', 'Quinn', 'Drew', 'Sam', 'Robin', 'Kai', 'Noor', 'Mateo', 'Lena'];
export const SYNTHETIC_LAST_NAMES = ['Harbor', 'Keel', 'Marsh', 'Bay', 'Reef', 'Tide', 'Shore', 'Gale', 'Cove', 'Strand', 'Wake', 'Dunes', 'Pike', 'Crane', 'Lowell', 'Ibarra'];

/** Inserts `count` synthetic approved experts spread over the demo experts' cities and every specialty. */
export async function insertSyntheticExperts(db: Database, count: number) {
  const random = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
      const place = pick(demoExperts);
      return {
        name: `${pick(SYNTHETIC_FIRST_NAMES)} ${pick(SYNTHETIC_LAST_NAMES)} ${start + i}`,
        specialty: pick(SPECIALTY_VALUES),
        bio: 'Synthetic benchmark expert.',
        rating: (3 + random() * 2).toFixed(2),
        reviewCount: Math.floor(random() * 400),
        city: place.city,
        state: place.state,
        zipCode: place.zipCode,
        certifications: place.certifications,
        experience: 1 + Math.floor(random() * 35),
        serviceRadius: 10 + Math.floor(random() * 90),
        videoRateCents: 4500 + Math.floor(random() * 20) * 500,
        onsiteRateCents: 8500 + Math.floor(random() * 22) * 500,
        onsiteMinimumHours: 1 + Math.floor(random() * 4),
        serviceTypes: random() < 0.7 ? ['video', 'onsite'] : random() < 0.5 ? ['video'] : ['onsite'],
        available: random() < 0.75,
        status: (random() < 0.95 ? 'approved' : 'pending') as 'approved' | 'pending',
        timeZone: place.timeZone,
      };
    });
    await db.insert(experts).values(rows);
  }
}
