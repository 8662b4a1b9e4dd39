import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center', className)}>
      <span className="size-8 animate-spin rounded-full border-4 border-navy-100 border-t-navy-600" />
    </div>
  );
}

export function PageSpinner() {
  return <Spinner className="min-h-[60vh]" />;
}
