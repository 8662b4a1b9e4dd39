/**
 * The maintenance schedule's states and limits (docs/PRODUCT.md#maintenance-schedule). No zod here: the
 * dashboard shows these on its first paint; the forms' schemas are in maintenance.ts.
 */
export const MAINTENANCE_LIMITS = { title: 120, note: 1000, intervalMonths: 120, intervalHours: 5000, tasksPerBoat: 100 } as const;
/** A task is 'due soon' this many days before its date, or this many hours before its engine hours. */
export const DUE_SOON_DAYS = 30;
export const DUE_SOON_HOURS = 10;
/** Reminders go out this many days before a due date. */
export const REMINDER_DAYS = [14, 2] as const;

export const TASK_STATES = ['overdue', 'due_soon', 'scheduled', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_STATE_LABELS: Record<TaskState, string> = { overdue: 'Overdue', due_soon: 'Due soon', scheduled: 'Scheduled', done: 'Done' };

/**
 * Where 'Book an expert' leads for a task: the directory narrowed to its specialty and to the experts who
 * travel to the boat's home ZIP code (nearest first), with the boat and the task.
 */
export function bookExpertPath(task: { specialty: string; id: string }, boat: { id: string; homeZip: string | null }): string {
  const near: Record<string, string> = boat.homeZip ? { location: boat.homeZip } : {};
  return `/experts?${new URLSearchParams({ specialty: task.specialty, ...near, boat: boat.id, task: task.id })}`;
}
