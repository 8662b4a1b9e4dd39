import { Phone, TriangleAlert } from 'lucide-react';
import { SAFETY_LINE } from '@common/help-now';

/** Before anything else on Help now: danger to people is for 911 and the Coast Guard, not for us. */
export function SafetyLine() {
  return (
    <div role="note" aria-label="Safety" className="flex flex-col gap-3 rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-base font-semibold">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
        {SAFETY_LINE}
      </p>
      <a
        href="tel:911"
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        <Phone aria-hidden className="size-4" /> Call 911
      </a>
    </div>
  );
}
