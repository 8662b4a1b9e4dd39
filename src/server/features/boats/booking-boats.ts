import { and, desc, eq } from 'drizzle-orm';
import { engineHourReadings, maintenanceTasks } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { BookingBoats } from '../../core/service-context.js';
import { ownBoat, toSnapshot } from './boat-record.js';
import { completeBookedTask, liveTaskBookings } from './maintenance-tasks.js';
import { taskAlreadyBooked } from '../../../common/maintenance.js';

export const UNKNOWN_BOAT = 'We could not find that boat in My Boats';
export const UNKNOWN_TASK = 'We could not find that maintenance task on this boat';

/** The boats bookings attach (`ServiceContext.boats`): only the owner's own, kept as a snapshot. */
export const bookingBoats: BookingBoats = {
  async attach(db, ownerId, { boatId, maintenanceTaskId }) {
    if (!boatId) {
      if (maintenanceTaskId) throw AppError.onField('boatId', 'Choose the boat this maintenance task is for');
      return null;
    }
    const boat = await ownBoat(db, ownerId, boatId);
    if (!boat) throw AppError.onField('boatId', UNKNOWN_BOAT);
    if (maintenanceTaskId) {
      const [task] = await db
        .select({ id: maintenanceTasks.id })
        .from(maintenanceTasks)
        .where(and(eq(maintenanceTasks.id, maintenanceTaskId), eq(maintenanceTasks.boatId, boat.id)));
      if (!task) throw AppError.onField('maintenanceTaskId', UNKNOWN_TASK);
      // One booking at a time per task: the schedule shows the one going instead of 'Book an expert'.
      const going = (await liveTaskBookings(db, [task.id])).get(task.id);
      if (going) throw new AppError('CONFLICT', taskAlreadyBooked(going.number), { maintenanceTaskId: taskAlreadyBooked(going.number) });
    }
    return { boatId: boat.id, snapshot: toSnapshot(boat), maintenanceTaskId: maintenanceTaskId ?? null, homeZip: boat.homeZip };
  },
  async hoursRecorded(db, bookingId) {
    const [reading] = await db
      .select({ hours: engineHourReadings.hours })
      .from(engineHourReadings)
      .where(and(eq(engineHourReadings.bookingId, bookingId), eq(engineHourReadings.recordedBy, 'expert')))
      .orderBy(desc(engineHourReadings.createdAt))
      .limit(1);
    return reading?.hours ?? null;
  },
  completed: (tx, booking, actor, now) => completeBookedTask(tx, booking, now, actor),
};
