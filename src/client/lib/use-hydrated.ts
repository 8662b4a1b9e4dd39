import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's render of a page and while the browser hydrates it, true from then on (and at
 * once in a page the browser renders itself). What only the browser knows (its time zone, a lazily loaded
 * widget) waits for it: the first browser render must match the server's HTML, or React throws that HTML
 * away and renders the page again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
