import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { cn } from '../../lib/cn';

const TONES = {
  error: { Icon: AlertCircle, role: 'alert', className: 'border-red-200 bg-red-50 text-red-800' },
  success: { Icon: CheckCircle2, role: 'status', className: 'border-green-200 bg-green-50 text-green-800' },
  info: { Icon: Info, role: 'status', className: 'border-sky-200 bg-sky-50 text-sky-900' },
} as const;

export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: keyof typeof TONES }) {
  const { Icon, role, className } = TONES[tone];
  return (
    <div role={role} className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', className)}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
