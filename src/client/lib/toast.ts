export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * A toast: a title, an optional description, destructive for failures. sonner loads after the
 * first paint (see AppToaster), so the toast is shown once it has: at once, unless nothing has loaded yet.
 * Settles when the toast is on screen (or sonner could not be loaded).
 */
export function showToast({ title, description, variant = 'default' }: ToastOptions): Promise<void> {
  return import('sonner').then(
    ({ toast }) => {
      if (variant === 'destructive') toast.error(title, { description });
      else toast.success(title, { description });
      return toasterOnScreen;
    },
    () => {},
  );
}

/** How long a toast waits for the Toaster to come on screen before it counts as shown anyway. */
const TOASTER_WAIT_MS = 2_000;
let toasterMounted = () => {};
const toasterOnScreen = Promise.race([
  new Promise<void>((resolve) => (toasterMounted = resolve)),
  new Promise<void>((resolve) => setTimeout(resolve, TOASTER_WAIT_MS)),
]);

/** AppToaster tells when sonner's Toaster is on screen: a toast given to sonner before shows from then. */
export function markToasterMounted() {
  toasterMounted();
}
