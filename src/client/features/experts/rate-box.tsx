/** One price on a card: what it is for, and the expert's own rate, or that the service is not offered. */
export function RateBox({ label, rate }: { label: string; rate: string | null }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      {rate ? (
        <p className="font-semibold text-navy-800">{rate}</p>
      ) : (
        <p className="text-sm text-slate-600">Not offered</p>
      )}
    </div>
  );
}
