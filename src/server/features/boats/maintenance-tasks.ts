import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats, bookings, maintenanceCompletions, maintenanceTasks } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit, type AuditActor } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { addDays } from '../../../common/zoned-time.js';
import { MAINTENANCE_MESSAGES, type MaintenanceTask, type MaintenanceTaskForm, type TaskBooking } from '../../../common/maintenance.js';
import { LIVE_STATUSES } from '../../../common/bookings-status.js';
import { DUE_SOON_DAYS, DUE_SOON_HOURS, MAINTENANCE_LIMITS, type TaskState } from '../../../common/maintenance-rules.js';
import type { CurrentUser } from '../../../common/user.js';
import { boatAccess, engineHoursOf, isUuid, type BoatRow } from './boat-record.js';
import { nextDue } from './maintenance-templates.js';

export type TaskRow = typeof maintenanceTasks.$inferSelect;

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Where a task stands on `day` with the boat at `hours`: by date, by engine hours, whichever comes first. */
export function taskState(task: Pick<TaskRow, 'doneAt' | 'dueDate' | 'dueHours'>, hours: number | null, day: string): TaskState {
  if (task.doneAt) return 'done';
  const byHours = task.dueHours !== null && hours !== null;
  if ((task.dueDate !== null && task.dueDate < day) || (byHours && hours >= task.dueHours!)) return 'overdue';
  if ((task.dueDate !== null && task.dueDate <= addDays(day, DUE_SOON_DAYS)) || (byHours && hours >= task.dueHours! - DUE_SOON_HOURS)) return 'due_soon';
  return 'scheduled';
}

/** The bookings still going (requested or confirmed) for these tasks, by task: the soonest, should there be two. */
export async function liveTaskBookings(db: Database, taskIds: string[]): Promise<Map<string, TaskBooking>> {
  const byTask = new Map<string, TaskBooking>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({ taskId: bookings.maintenanceTaskId, id: bookings.id, number: bookings.number, startsAt: bookings.startsAt, timeZone: bookings.timeZone, placeTimeZone: bookings.placeTimeZone, status: bookings.status })
    .from(bookings)
    .where(and(inArray(bookings.maintenanceTaskId, taskIds), inArray(bookings.status, [...LIVE_STATUSES])))
    .orderBy(asc(bookings.startsAt));
  for (const { taskId, startsAt, status, ...booking } of rows) {
    if (taskId && !byTask.has(taskId)) byTask.set(taskId, { ...booking, startsAt: startsAt.toISOString(), status: status as TaskBooking['status'] });
  }
  return byTask;
}

export function toTask(task: TaskRow, boat: Pick<BoatRow, 'name' | 'engines' | 'homeZip'>, now: Date, booking: TaskBooking | null): MaintenanceTask {
  const hours = engineHoursOf(boat);
  return {
    id: task.id,
    boatId: task.boatId,
    boatName: boat.name,
    boatZip: boat.homeZip,
    title: task.title,
    specialty: task.specialty,
    templateKey: task.templateKey,
    dueDate: task.dueDate,
    dueHours: task.dueHours,
    intervalMonths: task.intervalMonths,
    intervalHours: task.intervalHours,
    lastDoneOn: task.lastDoneOn,
    lastDoneHours: task.lastDoneHours,
    engineHours: hours,
    state: taskState(task, hours, today(now)),
    dueReason: task.dueReason,
    booking: task.doneAt ? null : booking,
  };
}

const STATE_ORDER: Record<TaskState, number> = { overdue: 0, due_soon: 1, scheduled: 2, done: 3 };

/** Most pressing first: overdue, due soon, then by date (tasks due only by hours after dated ones). */
export function byUrgency(a: MaintenanceTask, b: MaintenanceTask): number {
  return STATE_ORDER[a.state] - STATE_ORDER[b.state] || (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.title.localeCompare(b.title);
}

export async function listTasks(deps: ServiceContext, user: CurrentUser, boatId: string): Promise<MaintenanceTask[]> {
  const { row: boat } = await boatAccess(deps.db, user, boatId, { admins: true });
  const rows = await deps.db.select().from(maintenanceTasks).where(eq(maintenanceTasks.boatId, boat.id));
  const booked = await liveTaskBookings(deps.db, rows.map((task) => task.id));
  const now = deps.now();
  return rows.map((task) => toTask(task, boat, now, booked.get(task.id) ?? null)).sort(byUrgency);
}

/** The caller's open tasks across their boats, most pressing first (the dashboard's list). */
export async function upcomingTasks(deps: ServiceContext, user: CurrentUser, limit: number): Promise<MaintenanceTask[]> {
  const rows = await deps.db
    .select({ task: maintenanceTasks, boat: { name: boats.name, engines: boats.engines, homeZip: boats.homeZip } })
    .from(maintenanceTasks)
    .innerJoin(boats, eq(boats.id, maintenanceTasks.boatId))
    .where(and(eq(boats.ownerId, user.id), isNull(maintenanceTasks.doneAt)));
  const now = deps.now();
  const tasks = rows.map(({ task, boat }) => toTask(task, boat, now, null)).sort(byUrgency).slice(0, limit);
  const booked = await liveTaskBookings(deps.db, tasks.map((task) => task.id));
  return tasks.map((task) => ({ ...task, booking: booked.get(task.id) ?? null }));
}

async function taskOfBoat(tx: Database, boat: BoatRow, taskId: string): Promise<TaskRow> {
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.notFound);
  const [task] = await tx
    .select()
    .from(maintenanceTasks)
    .where(and(eq(maintenanceTasks.id, taskId), eq(maintenanceTasks.boatId, boat.id)))
    .for('update');
  if (!task) throw new AppError('NOT_FOUND', MAINTENANCE_MESSAGES.notFound);
  return task;
}

/** A change to one task of the caller's boat: one transaction with its audit entry. */
async function changeTask(
  deps: ServiceContext,
  user: CurrentUser,
  boatId: string,
  taskId: string | null,
  action: string,
  change: (tx: Database, boat: BoatRow, task: TaskRow | null, now: Date) => Promise<TaskRow | null>,
): Promise<MaintenanceTask | null> {
  return inTransaction(deps.db, async (tx) => {
    const { row: boat } = await boatAccess(tx, user, boatId, { forUpdate: true });
    const before = taskId === null ? null : await taskOfBoat(tx, boat, taskId);
    const now = deps.now();
    const after = await change(tx, boat, before, now);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'owner',
      action: `maintenance.${action}`,
      entityType: 'maintenance_task',
      entityId: (after ?? before)!.id,
      before: before ?? undefined,
      after: after ?? undefined,
    });
    return after && toTask(after, boat, now, (await liveTaskBookings(tx, [after.id])).get(after.id) ?? null);
  });
}

export async function addTask(deps: ServiceContext, user: CurrentUser, boatId: string, form: MaintenanceTaskForm): Promise<MaintenanceTask> {
  const task = await changeTask(deps, user, boatId, null, 'add', async (tx, boat) => {
    // changeTask holds the boat's row lock: two tasks added at once cannot both pass the count.
    const [{ count: kept } = { count: 0 }] = await tx.select({ count: count() }).from(maintenanceTasks).where(eq(maintenanceTasks.boatId, boat.id));
    if (kept >= MAINTENANCE_LIMITS.tasksPerBoat) throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.tooMany);
    const [row] = await tx.insert(maintenanceTasks).values({ ...form, boatId: boat.id }).returning();
    return row!;
  });
  return task!;
}

export async function editTask(deps: ServiceContext, user: CurrentUser, boatId: string, taskId: string, form: MaintenanceTaskForm): Promise<MaintenanceTask> {
  const task = await changeTask(deps, user, boatId, taskId, 'edit', async (tx, _boat, before) => {
    // The owner's own date replaces the rule's reason for the old one.
    const dueReason = form.dueDate === before!.dueDate && form.dueHours === before!.dueHours ? before!.dueReason : null;
    const [row] = await tx.update(maintenanceTasks).set({ ...form, dueReason, doneAt: null }).where(eq(maintenanceTasks.id, before!.id)).returning();
    return row!;
  });
  return task!;
}

export async function removeTask(deps: ServiceContext, user: CurrentUser, boatId: string, taskId: string): Promise<void> {
  await changeTask(deps, user, boatId, taskId, 'remove', async (tx, _boat, before) => {
    await tx.delete(maintenanceTasks).where(eq(maintenanceTasks.id, before!.id));
    return null;
  });
}

export async function snoozeTask(deps: ServiceContext, user: CurrentUser, boatId: string, taskId: string, until: string): Promise<MaintenanceTask> {
  const task = await changeTask(deps, user, boatId, taskId, 'snooze', async (tx, _boat, before, now) => {
    if (before!.doneAt) throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.alreadyDone);
    const after = before!.dueDate && before!.dueDate > today(now) ? before!.dueDate : today(now);
    if (until <= after) throw AppError.onField('until', MAINTENANCE_MESSAGES.snoozeUntil);
    const [row] = await tx.update(maintenanceTasks).set({ dueDate: until }).where(eq(maintenanceTasks.id, before!.id)).returning();
    return row!;
  });
  return task!;
}

export interface Completion {
  doneOn: string;
  engineHours: number | null;
  note: string | null;
  bookingId: string | null;
}

/**
 * Marks a task done: logs it in the boat's history and moves a recurring task on by its interval (a task
 * without one, or whose next due cannot be known, is done for good).
 */
export async function completeTaskRow(tx: Database, boat: BoatRow, task: TaskRow, done: Completion, now: Date): Promise<TaskRow> {
  if (task.doneAt) throw new AppError('CONFLICT', MAINTENANCE_MESSAGES.alreadyDone);
  const hours = done.engineHours ?? engineHoursOf(boat);
  await tx.insert(maintenanceCompletions).values({
    taskId: task.id,
    boatId: boat.id,
    title: task.title,
    doneOn: done.doneOn,
    engineHours: hours,
    note: done.note,
    bookingId: done.bookingId,
  });
  const next = nextDue(task, done.doneOn, hours);
  const recurs = next.dueDate !== null || next.dueHours !== null;
  const [row] = await tx
    .update(maintenanceTasks)
    .set({
      lastDoneOn: done.doneOn,
      lastDoneHours: hours,
      dueReason: null,
      ...(recurs ? { dueDate: next.dueDate, dueHours: next.dueHours } : { doneAt: now }),
    })
    .where(eq(maintenanceTasks.id, task.id))
    .returning();
  return row!;
}

export async function completeTask(
  deps: ServiceContext,
  user: CurrentUser,
  boatId: string,
  taskId: string,
  input: { doneOn: string | null; engineHours: number | null; note: string | null },
): Promise<MaintenanceTask> {
  const task = await changeTask(deps, user, boatId, taskId, 'complete', async (tx, boat, before, now) => {
    const doneOn = input.doneOn ?? today(now);
    if (doneOn > today(now)) throw AppError.onField('doneOn', MAINTENANCE_MESSAGES.doneOn);
    return completeTaskRow(tx, boat, before!, { ...input, doneOn, bookingId: null }, now);
  });
  return task!;
}

/** Inside a booking's completing transaction: the task it was booked for is done (docs/PRODUCT.md#maintenance-schedule). */
export async function completeBookedTask(tx: Database, booking: { id: string; maintenanceTaskId: string | null; startsAt: Date }, now: Date, actor: { userId: string | null; role: AuditActor }) {
  if (!booking.maintenanceTaskId) return;
  const [found] = await tx
    .select({ task: maintenanceTasks, boat: boats })
    .from(maintenanceTasks)
    .innerJoin(boats, eq(boats.id, maintenanceTasks.boatId))
    .where(and(eq(maintenanceTasks.id, booking.maintenanceTaskId), isNull(maintenanceTasks.doneAt)))
    .for('update', { of: maintenanceTasks });
  if (!found) return;
  const doneOn = today(booking.startsAt < now ? booking.startsAt : now);
  const after = await completeTaskRow(tx, found.boat, found.task, { doneOn, engineHours: null, note: null, bookingId: booking.id }, now);
  await writeAudit(tx, {
    actorUserId: actor.userId,
    actorRole: actor.role,
    action: 'maintenance.complete',
    entityType: 'maintenance_task',
    entityId: found.task.id,
    before: found.task,
    after,
    note: 'Completed with its booking',
  });
}

