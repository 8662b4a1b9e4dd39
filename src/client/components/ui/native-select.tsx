import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A native select styled like our inputs: keyboard and screen-reader friendly as it is, and light at 390 px. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-navy-500 focus-visible:outline-2 focus-visible:outline-navy-200 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
