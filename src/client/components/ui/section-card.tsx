import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from './card';
import { cn } from '../../lib/cn';

/** A card with an icon and a title: a section of a profile, a booking's page or the side of a form. */
export function SectionCard({
  title,
  icon: Icon,
  compact = false,
  className,
  id,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** Smaller padding and text, for cards beside a form. */
  compact?: boolean;
  className?: string;
  /** The card's anchor, for links to it ('#messages'). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className={cn(compact ? 'p-5' : 'p-5 sm:p-6', className)}>
      <h2 className={cn('flex items-center gap-2 font-semibold text-slate-900', compact ? 'text-base' : 'text-lg')}>
        <Icon aria-hidden className="size-5 text-navy-600" />
        {title}
      </h2>
      <div className={cn('mt-3 text-slate-700', compact && 'text-sm')}>{children}</div>
    </Card>
  );
}
