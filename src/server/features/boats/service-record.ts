import { eq } from 'drizzle-orm';
import { maintenanceTasks, users } from '../../db/schema.js';
import type { ServiceContext } from '../../core/service-context.js';
import { renderServiceRecordPdf } from '../../pdf/service-record-pdf.js';
import type { CurrentUser } from '../../../common/user.js';
import { timeZoneForZip } from '../../../common/zip-time-zone.js';
import { boatAccess, toBoat } from './boat-record.js';
import { readServiceHistory } from './service-history.js';
import { byUrgency, toTask } from './maintenance-tasks.js';

/** The boat's service record as a PDF for its owner to hand a buyer (the owner and administrators). */
export async function serviceRecordPdf(deps: ServiceContext, user: CurrentUser, boatId: string): Promise<{ name: string; pdf: Buffer }> {
  const { row } = await boatAccess(deps.db, user, boatId, { admins: true });
  const now = deps.now();
  const [entries, tasks, [owner]] = await Promise.all([
    readServiceHistory(deps.db, row),
    deps.db.select().from(maintenanceTasks).where(eq(maintenanceTasks.boatId, row.id)),
    deps.db.select({ name: users.name, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.ownerId)),
  ]);
  const schedule = tasks
    .map((task) => toTask(task, row, now))
    .filter((task) => task.state !== 'done')
    .sort(byUrgency);
  const pdf = await renderServiceRecordPdf({
    boat: toBoat(row),
    ownerName: [owner?.firstName, owner?.lastName].filter(Boolean).join(' ') || owner?.name || '',
    generatedOn: now.toISOString().slice(0, 10),
    entries,
    schedule,
    // Days are read where the boat is kept: an evening visit keeps its own date.
    timeZone: (row.homeZip && timeZoneForZip(row.homeZip)) ?? undefined,
  });
  return { name: row.name, pdf };
}
