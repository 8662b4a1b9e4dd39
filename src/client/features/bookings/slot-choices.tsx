import type { Slot } from '@common/bookings';
import { cn } from '../../lib/cn';

/**
 * The free start times as a radio group: one choice, arrow keys move between times. Each reads as `labelOf`
 * tells it (another zone's clock), its value staying the expert's time.
 */
export function SlotChoices({
  name,
  slots,
  value,
  onChange,
  labelledBy,
  describedBy,
  labelOf = (slot) => slot.time,
}: {
  name: string;
  slots: Slot[];
  value: string;
  onChange: (time: string) => void;
  labelledBy: string;
  describedBy?: string;
  labelOf?: (slot: Slot) => string;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {slots.map((slot) => (
        <label
          key={slot.start}
          className={cn(
            'flex h-10 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-navy-500',
            value === slot.time
              ? 'border-navy-700 bg-navy-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:border-navy-500 hover:bg-navy-50',
          )}
        >
          <input
            type="radio"
            name={name}
            value={slot.time}
            checked={value === slot.time}
            onChange={() => onChange(slot.time)}
            className="sr-only"
          />
          {labelOf(slot)}
        </label>
      ))}
    </div>
  );
}
