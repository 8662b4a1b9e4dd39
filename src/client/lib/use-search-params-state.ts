import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the URL query string, so a filtered view can be shared and survives a reload.
 * Each key reads its default when absent; setting a key back to its default removes it from the URL.
 * `defaults` should be a module constant: a new object each render would recompute every value.
 */
export function useSearchParamsState<K extends string>(defaults: Record<K, string>) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Counts the clears, so typed text still waiting to be committed can be dropped (see useDebouncedField).
  const [clears, setClears] = useState(0);

  const values = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) read[key] = searchParams.get(key) ?? defaults[key];
    return read;
  }, [searchParams, defaults]);

  // React Router renders a navigation in a transition, and its setter builds on the params of the last
  // render. Two quick changes (a specialty, then a sort) would each start from the same old URL and the
  // second would undo the first. So a change builds on our own last write until the page has rendered it.
  const lastWrite = useRef<{ over: URLSearchParams; params: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (params: URLSearchParams) => void) => {
      const pending = lastWrite.current;
      const next = new URLSearchParams(pending && pending.over === searchParams ? pending.params : searchParams);
      change(next);
      lastWrite.current = { over: searchParams, params: next };
      setSearchParams(next, { replace: true });
    },
    [searchParams, setSearchParams],
  );

  const setValue = useCallback(
    (key: K, value: string) =>
      update((params) => {
        if (value === defaults[key]) params.delete(key);
        else params.set(key, value);
      }),
    [update, defaults],
  );

  const clear = useCallback(() => {
    update((params) => {
      for (const key of Object.keys(defaults)) params.delete(key);
    });
    setClears((count) => count + 1);
  }, [update, defaults]);

  /** Whether any filter differs from its default: what 'Clear' would undo. */
  const filtered = (Object.keys(defaults) as K[]).some((key) => values[key] !== defaults[key]);

  return { values, setValue, clear, clears, filtered };
}
