import type { Database } from '../../db/client.js';
import { expertWorkingHours } from '../../db/schema.js';
import { SERVICE_TYPES } from '../../../common/roles.js';
import { WORKDAY_END_MINUTES, WORKDAY_START_MINUTES } from '../../../common/bookings-rules.js';

/**
 * Gives experts the starting week every expert has until they edit it: each day, 8:00 AM to 6:00 PM in
 * their own zone, for both services (an expert offers only the services in their serviceTypes anyway).
 */
export async function insertDefaultWorkingHours(db: Database, expertIds: readonly number[]): Promise<void> {
  if (expertIds.length === 0) return;
  const rows = expertIds.flatMap((expertId) =>
    SERVICE_TYPES.flatMap((serviceType) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        expertId,
        serviceType,
        weekday,
        startMinute: WORKDAY_START_MINUTES,
        endMinute: WORKDAY_END_MINUTES,
      })),
    ),
  );
  await db.insert(expertWorkingHours).values(rows).onConflictDoNothing();
}
