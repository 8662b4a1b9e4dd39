import type { PushMessage } from '@common/notifications';

/**
 * What the service worker shows for a push (docs/PRODUCT.md#installable-app-and-push), and which window a
 * click on it opens: pure, so that src/client/sw.ts stays a thin layer of event listeners.
 */

export const APP_ICON = '/icons/icon-192.png';
/** Android's small monochrome icon in the status bar. */
export const APP_BADGE = '/icons/badge-96.png';
/** Where a push that cannot be read leads: the notification centre has it too. */
const FALLBACK_PATH = '/notifications';

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/**
 * The notification for a push's payload (the server's `PushMessage` as JSON). A browser must show something
 * for every push, so a payload that cannot be read still shows a plain notice that leads to the
 * notification centre. The tag replaces an earlier notification of the same thing on the device.
 */
export function notificationOf(payload: string | null, origin: string): ShownNotification {
  const message = readMessage(payload);
  if (!message) {
    return {
      title: 'K&B Marine',
      options: { body: 'You have a new notification.', icon: APP_ICON, badge: APP_BADGE, data: { url: pageUrl(FALLBACK_PATH, origin) } },
    };
  }
  const { title, body, path, tag } = message;
  return {
    title,
    options: { body, icon: APP_ICON, badge: APP_BADGE, tag: tag || undefined, data: { url: pageUrl(path, origin) } },
  };
}

/** The payload as the server's `PushMessage`, or null. Read by hand: zod would weigh more than the whole worker. */
function readMessage(payload: string | null): PushMessage | null {
  let value: unknown;
  try {
    value = payload === null ? null : JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { title, body, path, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title || typeof body !== 'string' || typeof path !== 'string' || !path.startsWith('/')) return null;
  return { title, body, path, tag: typeof tag === 'string' ? tag : '' };
}

/** The page's address on our own origin; anything that would lead elsewhere leads to the notification centre. */
export function pageUrl(path: string, origin: string): string {
  const url = new URL(path, origin);
  return url.origin === origin ? url.href : new URL(FALLBACK_PATH, origin).href;
}

/** The address a clicked notification leads to, read from its data (or the notification centre). */
export function clickedUrl(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' && 'url' in data && typeof data.url === 'string' ? data.url : FALLBACK_PATH;
  return pageUrl(url, origin);
}

export interface OpenWindow {
  url: string;
  focused: boolean;
}

/**
 * Which of the app's open windows a click uses: one already on the page (it is only brought forward), else
 * the focused one, else the first; -1 when none is open, so a new window opens. `navigate` says whether the
 * chosen window must go to the page.
 */
export function windowForClick(windows: readonly OpenWindow[], target: string): { index: number; navigate: boolean } {
  const onPage = windows.findIndex((window) => window.url === target);
  if (onPage !== -1) return { index: onPage, navigate: false };
  if (windows.length === 0) return { index: -1, navigate: true };
  const focused = windows.findIndex((window) => window.focused);
  return { index: focused === -1 ? 0 : focused, navigate: true };
}
