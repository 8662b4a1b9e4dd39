import { Calculator } from 'lucide-react';
import type { Expert } from '@common/experts';
import { billableHours } from '@common/bookings-rules';
import { formatPrice, parsePrice } from '@common/experts-rules';

const hoursLabel = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * The live onsite estimate: the expert's hourly rate times the hours billed (at least their minimum).
 * The server computes the booked price by the same rule.
 */
export function CostEstimate({ expert, hours, fromPrice }: { expert?: Expert; hours: number; fromPrice: string | null }) {
  const rate = expert ? parsePrice(expert.onsiteRate) : Number.NaN;
  const billed = expert ? billableHours(hours, expert.onsiteMinimumHours) : hours;
  return (
    <div aria-live="polite" className="rounded-lg border border-navy-100 bg-navy-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-navy-800">
        <Calculator aria-hidden className="size-4" /> Cost Estimate
      </p>
      {expert && Number.isFinite(rate) ? (
        <>
          <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-slate-700">
            <span>
              {formatPrice(rate)}/hr × {hoursLabel(billed)}
            </span>
            <span className="text-2xl font-bold text-navy-800">{formatPrice(rate * billed)}</span>
          </p>
          <p className="mt-1 text-xs text-slate-600">
            Labor for the estimated time. Parts are billed separately.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Choose an expert to see your estimate.
          {fromPrice ? ` Onsite rates start ${fromPrice}/hr.` : null}
        </p>
      )}
    </div>
  );
}
