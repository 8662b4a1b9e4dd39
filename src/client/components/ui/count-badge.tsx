import { cn } from '../../lib/cn';

/**
 * The red count on a header control's corner (unread messages, notifications). Hidden from assistive
 * technology: the control's own label says the count in words.
 */
export function CountBadge({ count, className, testId }: { count: number; className: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={cn(
        'absolute flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white ring-2 ring-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
