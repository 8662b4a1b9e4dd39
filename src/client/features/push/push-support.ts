/**
 * Whether this browser can have push from the app, and whether to offer adding the app to the home screen
 * (docs/PRODUCT.md#installable-app-and-push): decided from plain facts about the browser, so the rules are
 * testable without one.
 */

export interface BrowserFacts {
  /** `navigator.serviceWorker`, `PushManager` and `Notification` are all there. */
  pushApis: boolean;
  /** An iPhone or iPad (iPadOS says it is a Mac, with touch points). */
  ios: boolean;
  android: boolean;
  /** Opened from the home screen: the installed app. */
  standalone: boolean;
  /** A phone or tablet: a narrow screen or a finger for a pointer. */
  handheld: boolean;
  /** The site's notification permission; null without the Notification API. */
  permission: NotificationPermission | null;
}

/** What the 'This device' card can offer, before it looks for a subscription. */
export type DevicePushSupport = 'unsupported' | 'ios-install-first' | 'denied' | 'available';

export function devicePushSupport(facts: BrowserFacts): DevicePushSupport {
  // iOS and iPadOS give push only to an app added to the Home Screen; in Safari it has no PushManager.
  if (facts.ios && !facts.standalone) return 'ios-install-first';
  if (!facts.pushApis) return 'unsupported';
  if (facts.permission === 'denied') return 'denied';
  return 'available';
}

/** Whether the preferences show the push column: this browser can have push, now or once unblocked. */
export const canPush = (support: DevicePushSupport) => support === 'available' || support === 'denied';

/** Which home-screen hint to show, if any: 'install' when the browser offered its own install prompt. */
export type HomeScreenHint = 'ios' | 'install' | 'menu' | null;

export function homeScreenHint(facts: BrowserFacts, options: { seenBefore: boolean; installPrompt: boolean }): HomeScreenHint {
  if (options.seenBefore || facts.standalone || !facts.handheld) return null;
  if (facts.ios) return 'ios';
  if (options.installPrompt) return 'install';
  return 'menu';
}

export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** The facts of the browser the page runs in. */
export function browserFacts(): BrowserFacts {
  const media = (query: string) => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const hasNotification = 'Notification' in window;
  return {
    pushApis: 'serviceWorker' in navigator && 'PushManager' in window && hasNotification,
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    android: /Android/.test(navigator.userAgent),
    standalone: media('(display-mode: standalone)') || (navigator as { standalone?: boolean }).standalone === true,
    handheld: media('(max-width: 767px)') || media('(pointer: coarse)'),
    permission: hasNotification ? Notification.permission : null,
  };
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes in every browser. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}
