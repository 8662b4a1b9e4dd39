import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/card';
import { cn } from '../../lib/cn';

/** A titled card of a booking's page. */
export function BookingPanel({
  title,
  icon: Icon,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('p-5 sm:p-6', className)}>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon aria-hidden className="size-5 text-navy-600" />
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </Card>
  );
}

/** One labelled fact in a booking's details list. */
export function BookingFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
