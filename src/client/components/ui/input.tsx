import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-navy-500 focus-visible:outline-2 focus-visible:outline-navy-200 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
