import { toast } from 'sonner';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** The spec's toast: a title, an optional description, destructive for failures. */
export function showToast({ title, description, variant = 'default' }: ToastOptions) {
  if (variant === 'destructive') toast.error(title, { description });
  else toast.success(title, { description });
}
