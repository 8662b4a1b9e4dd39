import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * The app's service worker from the page's side (docs/PRODUCT.md#installable-app-and-push): registered once
 * the page has loaded, in production builds only (the dev server and the unit tests have none), with
 * workbox-window, loaded then so that it costs the first paint nothing. A new release's worker waits; the
 * page offers 'Reload to update', which lets it take over and reloads once it has.
 */

const SCRIPT = '/sw.js';
/** How long 'Reload to update' waits for the new worker to take over before it reloads anyway. */
const RELOAD_ANYWAY_MS = 3000;

let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean) {
  waiting = value;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => void register().catch((error: unknown) => console.warn('The service worker was not registered', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function register() {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SCRIPT, { scope: '/' });
  // Also when a worker was waiting before this page opened (another tab saw the release first).
  wb.addEventListener('waiting', () => setWaiting(true));
  await wb.register();
  workbox = wb;
  // A tab left open for days looks for a release each time it comes back to the screen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => {});
  });
}

/** Whether a new release's worker waits to take over. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => false,
  );
}

/** Lets the waiting worker take over, then reloads the page onto the release it belongs to. */
export function reloadToUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  const reload = () => window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  wb.messageSkipWaiting();
  // A page the old worker did not control sees no change of controller: it reloads all the same.
  setTimeout(reload, RELOAD_ANYWAY_MS);
}

/** The worker's registration, or null: none registered (the dev server, a browser that blocks workers). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/').catch(() => undefined)) ?? null;
}

/** This browser's push subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerRegistration();
  return (await registration?.pushManager?.getSubscription().catch(() => null)) ?? null;
}

/**
 * Stops this browser's push subscription, within `withinMs` at most: signing out must not wait on it, and
 * a browser without a worker has nothing to stop. The server ends the device's push with the session.
 */
export async function endPushSubscription(withinMs = 1000): Promise<void> {
  const stop = currentPushSubscription().then((subscription) => subscription?.unsubscribe());
  await Promise.race([stop.catch(() => {}), new Promise((resolve) => setTimeout(resolve, withinMs))]);
}
