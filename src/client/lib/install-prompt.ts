import { useSyncExternalStore } from 'react';

/**
 * Chrome's `beforeinstallprompt`: the browser's own 'Install app' offer, kept from the moment it fires (soon
 * after the page loads) for the home-screen hint's 'Install' button. Its own install UI is left alone.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffered(event: BeforeInstallPromptEvent | null) {
  offered = event;
  for (const listener of listeners) listener();
}

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => setOffered(event as BeforeInstallPromptEvent));
  window.addEventListener('appinstalled', () => setOffered(null));
}

/** Shows the browser's install prompt: null when the browser has offered none. Resolves true once installed. */
export function useInstallPrompt(): (() => Promise<boolean>) | null {
  const event = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => null,
  );
  if (!event) return null;
  return async () => {
    await event.prompt();
    const { outcome } = await event.userChoice;
    // A prompt is shown once; the browser may offer another later.
    setOffered(null);
    return outcome === 'accepted';
  };
}
