/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { clickedUrl, notificationOf, windowForClick } from './lib/push-message';

/**
 * The service worker at /sw.js, scope / (docs/PRODUCT.md#installable-app-and-push), built by
 * vite-plugin-pwa (vite.config.ts).
 *
 * - It keeps the release's hashed code, styles and icons, and answers them from its cache. Pages are not
 *   among them: a navigation always goes to the network, since the server renders pages, some per person.
 * - A new release's worker waits until the page asks it to take over ('Reload to update'): a page running
 *   one release's code never meets the next one's worker.
 * - It shows pushes, opens their page on a click, and subscribes again when the browser renews a subscription.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data ? event.data.text() : null, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = clickedUrl(event.notification.data, self.location.origin);
  event.waitUntil(openPage(url));
});

async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const { index, navigate } = windowForClick(
    windows.map((window) => ({ url: window.url, focused: window.focused })),
    url,
  );
  const chosen = windows[index];
  if (!chosen) {
    await self.clients.openWindow(url);
    return;
  }
  // A browser may refuse focus (it allows it only during a click); the page is opened all the same.
  const window = (await chosen.focus().catch(() => null)) ?? chosen;
  if (!navigate) return;
  // navigate() works only in a window this worker controls; any other gets a new window with the page.
  const moved = await window.navigate(url).catch(() => null);
  if (!moved) await self.clients.openWindow(url);
}

/** Not yet in TypeScript's worker types: the browser renewed (or dropped) the push subscription. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

self.addEventListener('pushsubscriptionchange', ((event: PushSubscriptionChangeEvent) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription));
}) as EventListener);

/**
 * Tells the server the device's new subscription, subscribing again with the server's key when the browser
 * gave none. It goes with the session's cookie, as the Settings card's request does; signed out, the
 * server refuses it and the device stays off.
 */
async function resubscribe(old: PushSubscription | null, renewed: PushSubscription | null): Promise<void> {
  let subscription = renewed;
  if (!subscription) {
    const answer = await fetch('/api/push/public-key', { credentials: 'include' });
    if (!answer.ok) return;
    const { publicKey } = (await answer.json()) as { publicKey: string };
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  }
  const json = { 'Content-Type': 'application/json' };
  await fetch('/api/push/subscriptions', { method: 'POST', credentials: 'include', headers: json, body: JSON.stringify(subscription.toJSON()) });
  if (old && old.endpoint !== subscription.endpoint) {
    await fetch('/api/push/subscriptions', { method: 'DELETE', credentials: 'include', headers: json, body: JSON.stringify({ endpoint: old.endpoint }) });
  }
}
