import type { DashboardStats } from '@common/dashboard';
import { formatSavings } from '../dashboard';

/** Home's strip of the same figures the dashboard shows. */
export function StatsStrip({ stats }: { stats: DashboardStats }) {
  const items = [
    { label: 'Video Calls', value: String(stats.consultations ?? 0) },
    { label: 'Services', value: String(stats.services ?? 0) },
    { label: 'AI Queries', value: String(stats.aiQueries ?? 0) },
    { label: 'Saved', value: formatSavings(stats.savings) },
  ];
  return (
    <section aria-label="Your activity" className="relative z-10 mx-auto -mt-20 max-w-7xl px-4 sm:px-6 lg:px-8">
      <dl className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg sm:grid-cols-4 sm:p-6">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col items-center gap-1 rounded-xl px-2 py-3 text-center">
            <dt className="text-sm text-slate-500">{item.label}</dt>
            <dd className="text-2xl font-bold text-navy-800 sm:text-3xl">{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-center text-xs text-slate-600">Video calls and services count completed bookings.</p>
    </section>
  );
}
