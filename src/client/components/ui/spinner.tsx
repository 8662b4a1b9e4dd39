import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-navy-100 border-t-navy-600" />
    </div>
  );
}

/**
 * While a page's code or data loads. A full screen tall, so the footer starts below the fold and does not
 * jump down (a layout shift) when the page arrives.
 */
export function PageSpinner() {
  return <Spinner className="min-h-screen" />;
}
