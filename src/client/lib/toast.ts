export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * The spec's toast: a title, an optional description, destructive for failures. sonner loads after the
 * first paint (see AppToaster), so the toast is shown once it has: at once, unless nothing has loaded yet.
 */
export function showToast({ title, description, variant = 'default' }: ToastOptions) {
  void import('sonner').then(({ toast }) => {
    if (variant === 'destructive') toast.error(title, { description });
    else toast.success(title, { description });
  });
}
