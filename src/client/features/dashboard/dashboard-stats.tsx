import { Bot, DollarSign, Info, Video, Wrench, type LucideIcon } from 'lucide-react';
import type { DashboardStats } from '@common/dashboard';
import { MONEY_SAVED_EXPLANATION } from '@common/bookings-rules';
import { Card } from '../../components/ui/card';
import { formatSavings } from './format-savings';

/** The four figures of GET /api/dashboard/stats, and what Money Saved means. */
export function DashboardStatTiles({ stats }: { stats: DashboardStats }) {
  const tiles: { icon: LucideIcon; label: string; value: string }[] = [
    { icon: Video, label: 'Video Calls', value: String(stats.consultations ?? 0) },
    { icon: Wrench, label: 'On-site Services', value: String(stats.services ?? 0) },
    { icon: Bot, label: 'AI Queries', value: String(stats.aiQueries ?? 0) },
    { icon: DollarSign, label: 'Money Saved', value: formatSavings(stats.savings) },
  ];
  return (
    <section aria-label="Your figures" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(({ icon: Icon, label, value }) => (
          <Card key={label} className="flex flex-col gap-1 p-4 sm:p-5">
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <Icon aria-hidden className="size-4 shrink-0 text-navy-500" />
              {label}
            </dt>
            <dd className="text-2xl font-bold text-navy-800 sm:text-3xl">{value}</dd>
          </Card>
        ))}
      </dl>
      <p className="flex items-start gap-1.5 text-xs text-slate-600">
        <Info aria-hidden className="mt-px size-3.5 shrink-0" />
        <span>
          {/* A booking still to come is not counted yet: without this, '0' beside a confirmed visit reads as a fault. */}
          <span className="font-semibold">Video Calls and On-site Services</span> count completed bookings.{' '}
          <span className="font-semibold">Money Saved:</span> {MONEY_SAVED_EXPLANATION}
        </span>
      </p>
    </section>
  );
}
