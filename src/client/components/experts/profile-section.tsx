import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/card';
import { cn } from '../../lib/cn';

/** A titled card of the expert profile. */
export function ProfileSection({
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
