import type { BusyTime } from '@common/external-calendars';

function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}
function clockOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** The coming seven days' busy times from the expert's calendars, in their zone, by day; never a title. */
export function BusyWeek({ week, timeZone }: { week: BusyTime[]; timeZone: string }) {
  if (week.length === 0) return <p className="text-sm text-slate-500">Nothing busy in your calendars in the coming 7 days.</p>;
  const days = new Map<string, BusyTime[]>();
  for (const busy of week) {
    const day = dayOf(busy.start, timeZone);
    days.set(day, [...(days.get(day) ?? []), busy]);
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your coming week">
      {[...days].map(([day, times]) => (
        <li key={day} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:gap-4">
          <span className="w-28 shrink-0 text-sm font-medium text-slate-900">{day}</span>
          <ul className="flex flex-col gap-1">
            {times.map((busy) => (
              <li key={busy.start} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
                <span className="tabular-nums">
                  {clockOf(busy.start, timeZone)} – {clockOf(busy.end, timeZone)}
                </span>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-600">Busy (from your calendar)</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
