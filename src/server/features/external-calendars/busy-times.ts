import ical, { type VEvent } from 'node-ical';
import { addDays, zonedTimeToInstant } from '../../../common/zoned-time.js';

/** A busy interval, in epoch milliseconds, end exclusive. */
export interface BusyInterval {
  start: number;
  end: number;
}

/** At most this many busy times are kept of one calendar: a daily event over the window is 180. */
export const MAX_BUSY_TIMES = 5000;

/** The local date of a date-only value as node-ical gives it: midnight of that date in this process's zone. */
function dateOnlyOf(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Whether an event (or one occurrence's override) leaves the time free: cancelled or marked transparent ('free'). */
function leavesTimeFree(event: Pick<VEvent, 'status' | 'transparency'>): boolean {
  return event.status === 'CANCELLED' || event.transparency === 'TRANSPARENT';
}

/**
 * The busy times of a calendar's text between `from` and `to` (docs/PRODUCT.md#calendars): each event's
 * occurrences (recurrence rules expanded, excluded dates left out, moved occurrences where they moved to),
 * in the zones the calendar gives; cancelled and free ('transparent') ones skipped; an all-day event busy for
 * its whole days in the expert's zone. Titles are never read. Sorted by start, overlaps merged.
 */
export function busyTimesOf(text: string, window: { from: Date; to: Date }, expertTimeZone: string): BusyInterval[] {
  const parsed = ical.sync.parseICS(text);
  const intervals: BusyInterval[] = [];
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== 'VEVENT' || !component.start) continue;
    // Each occurrence is read as its own event says: an override may cancel one, or free it.
    const instances = ical.expandRecurringEvent(component, { from: window.from, to: window.to, expandOngoing: true });
    for (const instance of instances) {
      if (leavesTimeFree(instance.event)) continue;
      let start: number;
      let end: number;
      if (instance.isFullDay) {
        const firstDay = dateOnlyOf(instance.start);
        const lastDay = instance.end ? dateOnlyOf(instance.end) : addDays(firstDay, 1);
        start = zonedTimeToInstant(firstDay, 0, expertTimeZone).getTime();
        end = zonedTimeToInstant(lastDay > firstDay ? lastDay : addDays(firstDay, 1), 0, expertTimeZone).getTime();
      } else {
        start = instance.start.getTime();
        end = instance.end ? instance.end.getTime() : start;
      }
      // An event of no length (a reminder at a moment) takes no time.
      if (!(end > start) || end <= fromMs || start >= toMs) continue;
      intervals.push({ start: Math.max(start, fromMs), end: Math.min(end, toMs) });
    }
  }
  return merged(intervals).slice(0, MAX_BUSY_TIMES);
}

/** Intervals sorted by start with overlapping and touching ones joined. */
export function merged(intervals: BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: BusyInterval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}
