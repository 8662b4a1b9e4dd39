import type { MaintenanceTask } from '@common/maintenance';
import type { TaskState } from '@common/maintenance-rules';
import { addDays, localDateOf } from '@common/zoned-time';
import { formatDate } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone-name';
import { formatHours } from './boat-label';

// No zod here (types only from the contract): the dashboard's upcoming-maintenance card uses these.


export const TASK_STATE_TONES = { overdue: 'red', due_soon: 'yellow', scheduled: 'blue', done: 'green' } as const satisfies Record<TaskState, string>;

/** A calendar day 'YYYY-MM-DD' as people read it: 'Apr 1, 2027' (a date has no time zone to convert). */
export function formatLocalDate(localDate: string): string {
  return formatDate(`${localDate}T00:00:00Z`, 'UTC');
}

/** Today in the browser's time zone, 'YYYY-MM-DD'. */
export function todayLocalDate(now = new Date()): string {
  return localDateOf(now, browserTimeZone());
}

type DueParts = Pick<MaintenanceTask, 'state' | 'dueDate' | 'dueHours' | 'engineHours' | 'lastDoneOn' | 'lastDoneHours'>;

/**
 * When a task is due, in a line: 'Due Apr 1, 2027 or at 600 h; now 420 h' (by whichever comes first), 'Due
 * Apr 1, 2027', 'Due at 600 h'. A done task says when: 'Done Mar 3, 2026 at 410 h'.
 */
export function describeDue(task: DueParts): string {
  if (task.state === 'done') return describeLastDone(task, 'Done') ?? 'Done';
  const date = task.dueDate ? formatLocalDate(task.dueDate) : null;
  const hours = task.dueHours !== null ? `at ${formatHours(task.dueHours)}` : null;
  const due = `Due ${[date, hours].filter(Boolean).join(' or ')}`;
  return hours && task.engineHours !== null ? `${due}; now ${formatHours(task.engineHours)}` : due;
}

/** 'Last done Mar 3, 2026 at 410 h', or null when it never was. */
export function describeLastDone(task: Pick<MaintenanceTask, 'lastDoneOn' | 'lastDoneHours'>, words = 'Last done'): string | null {
  if (!task.lastDoneOn) return null;
  const hours = task.lastDoneHours !== null ? ` at ${formatHours(task.lastDoneHours)}` : '';
  return `${words} ${formatLocalDate(task.lastDoneOn)}${hours}`;
}

/** 'Repeats every 12 months or 100 hours', 'Repeats every month'; null for a one-off task. */
export function describeRepeat(task: Pick<MaintenanceTask, 'intervalMonths' | 'intervalHours'>): string | null {
  const months = task.intervalMonths === null ? null : task.intervalMonths === 1 ? 'month' : `${task.intervalMonths} months`;
  const hours = task.intervalHours === null ? null : `${task.intervalHours.toLocaleString('en-US')} ${task.intervalHours === 1 ? 'hour' : 'hours'}`;
  if (!months && !hours) return null;
  return `Repeats every ${[months, hours].filter(Boolean).join(' or ')}`;
}


/** A snooze's first suggestion: two weeks after the due date, or after today when that has passed. */
export function snoozeSuggestion(dueDate: string, today: string): string {
  return addDays(dueDate > today ? dueDate : today, 14);
}
