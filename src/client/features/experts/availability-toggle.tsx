import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';

const OPTIONS = [
  { availableOnly: false, label: 'All' },
  { availableOnly: true, label: 'Available Now' },
] as const;

/** Availability as two pressed-state buttons: All, or only experts taking bookings now. */
export function AvailabilityToggle({
  availableOnly,
  onChange,
}: {
  availableOnly: boolean;
  onChange: (availableOnly: boolean) => void;
}) {
  // Disabled until the app has started on a page the server rendered: visibly not ready, not dead.
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-1.5">
      <span id="availability-label" className="text-sm font-medium text-slate-800">
        Availability
      </span>
      <div
        role="group"
        aria-labelledby="availability-label"
        className="grid h-10 grid-cols-2 rounded-lg border border-slate-300 bg-slate-100 p-1"
      >
        {OPTIONS.map((option) => {
          const pressed = option.availableOnly === availableOnly;
          return (
            <button
              key={option.label}
              type="button"
              aria-pressed={pressed}
              disabled={!hydrated}
              onClick={() => onChange(option.availableOnly)}
              className={cn(
                'rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors disabled:opacity-60',
                pressed ? 'bg-white text-navy-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
