/**
 * Bars of a monthly figure, drawn as SVG: no chart library for a dozen bars. Screen readers get the
 * summary in the label; the figures themselves are in the table each chart sits beside.
 */
export function BarChart({ bars, label, format }: { bars: { label: string; value: number }[]; label: string; format: (value: number) => string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 100 / Math.max(1, bars.length);
  return (
    <figure className="flex flex-col gap-2">
      <svg role="img" aria-label={label} viewBox="0 0 100 50" preserveAspectRatio="none" className="h-40 w-full overflow-visible">
        <line x1="0" y1="50" x2="100" y2="50" className="stroke-slate-300" strokeWidth="0.3" vectorEffect="non-scaling-stroke" />
        {bars.map((bar, i) => {
          const height = (Math.max(0, bar.value) / max) * 46;
          return (
            <rect key={bar.label} x={i * width + width * 0.15} y={50 - height} width={width * 0.7} height={height} rx="0.6" className="fill-navy-600">
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden className="flex text-[10px] text-slate-500 sm:text-xs">
        {bars.map((bar) => (
          <span key={bar.label} className="flex-1 truncate text-center">
            {bar.label}
          </span>
        ))}
      </div>
    </figure>
  );
}
