import { eq } from 'drizzle-orm';
import { maintenanceTasks, users } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { ServiceRecordThread } from '../../pdf/service-record-thread.js';
import { BOAT_MESSAGES } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';
import { timeZoneForZip } from '../../../common/zip-time-zone.js';
import { boatAccess, toBoat } from './boat-record.js';
import { readServiceHistory } from './service-history.js';
import { byUrgency, toTask } from './maintenance-tasks.js';

/** How long a caller whose record is still being made is asked to wait before asking again. */
const BUSY_RETRY_SECONDS = 5;

/**
 * The boats' service records as PDFs for an owner to hand a buyer (the owner and administrators), laid
 * out on a thread of their own. One record at a time per caller on this server: a second request while
 * the first is being made is answered 429 with Retry-After, so nobody can queue up the thread's time.
 */
export class ServiceRecords {
  private readonly thread = new ServiceRecordThread();
  private readonly making = new Set<string>();

  constructor(private readonly deps: ServiceContext) {}

  async pdf(user: CurrentUser, boatId: string): Promise<{ name: string; pdf: Buffer }> {
    if (this.making.has(user.id)) throw new AppError('TOO_MANY_REQUESTS', BOAT_MESSAGES.recordBusy, undefined, BUSY_RETRY_SECONDS);
    this.making.add(user.id);
    try {
      return await this.make(user, boatId);
    } finally {
      this.making.delete(user.id);
    }
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async make(user: CurrentUser, boatId: string): Promise<{ name: string; pdf: Buffer }> {
    const { db } = this.deps;
    const { row } = await boatAccess(db, user, boatId, { admins: true });
    const now = this.deps.now();
    const [history, tasks, [owner]] = await Promise.all([
      readServiceHistory(db, row),
      db.select().from(maintenanceTasks).where(eq(maintenanceTasks.boatId, row.id)),
      db.select({ name: users.name, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.ownerId)),
    ]);
    const schedule = tasks
      .map((task) => toTask(task, row, now, null))
      .filter((task) => task.state !== 'done')
      .sort(byUrgency)
      .map(({ title, dueDate, dueHours, lastDoneOn }) => ({ title, dueDate, dueHours, lastDoneOn }));
    const pdf = await this.thread.render({
      boat: toBoat(row),
      ownerName: [owner?.firstName, owner?.lastName].filter(Boolean).join(' ') || owner?.name || '',
      generatedOn: now.toISOString().slice(0, 10),
      entries: history.entries,
      schedule,
      // Days are read where the boat is kept: an evening visit keeps its own date.
      timeZone: (row.homeZip && timeZoneForZip(row.homeZip)) ?? undefined,
    });
    return { name: row.name, pdf };
  }
}
