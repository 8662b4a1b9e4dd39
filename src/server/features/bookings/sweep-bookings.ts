import { and, eq, lte } from 'drizzle-orm';
import { bookings } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { AUTO_COMPLETE_AFTER_MS } from '../../../common/bookings-rules.js';
import { transitionBooking } from './change-booking.js';
import type { ServiceContext } from '../../core/service-context.js';

export const SWEEP_QUEUE = 'bookings-sweep';
/** Every minute: requests nobody answered expire; confirmed bookings nobody marked are completed. */
export const SWEEP_CRON = '* * * * *';
const BATCH = 200;

/**
 * One pass of the sweep. Each booking changes in its own transaction through the state machine, so a
 * booking that someone changed in the meantime is refused (409) and simply left as it is.
 */
export async function sweepBookings(deps: ServiceContext): Promise<{ expired: number; completed: number }> {
  const now = deps.now();
  const due = (where: ReturnType<typeof and>) => deps.db.select({ id: bookings.id }).from(bookings).where(where).limit(BATCH);
  const toExpire = await due(and(eq(bookings.status, 'requested'), lte(bookings.expiresAt, now)));
  const toComplete = await due(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, new Date(now.getTime() - AUTO_COMPLETE_AFTER_MS))));
  const apply = async (ids: { id: string }[], action: 'expire' | 'complete') => {
    let done = 0;
    for (const { id } of ids) {
      try {
        await transitionBooking(deps, { system: true }, id, action);
        done += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
    return done;
  };
  return { expired: await apply(toExpire, 'expire'), completed: await apply(toComplete, 'complete') };
}
