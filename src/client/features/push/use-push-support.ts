import { useSyncExternalStore } from 'react';
import { browserFacts, devicePushSupport, type DevicePushSupport } from './push-support';

const listeners = new Set<() => void>();

/** Reads the browser again: after a permission prompt has been answered. */
export function permissionChanged() {
  for (const listener of listeners) listener();
}

/** What this browser can offer (docs/PRODUCT.md#installable-app-and-push); null in the server's render and while hydrating. */
export function usePushSupport(): DevicePushSupport | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => devicePushSupport(browserFacts()),
    () => null,
  );
}
