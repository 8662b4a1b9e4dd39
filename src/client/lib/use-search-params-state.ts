import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the URL query string, so a filtered view can be shared and survives a reload.
 * Each key reads its default when absent; setting a key back to its default removes it from the URL.
 * `defaults` should be a module constant: a new object each render would recompute every value.
 */
export function useSearchParamsState<K extends string>(defaults: Record<K, string>) {
  const [searchParams, setSearchParams] = useSearchParams();

  const values = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) read[key] = searchParams.get(key) ?? defaults[key];
    return read;
  }, [searchParams, defaults]);

  const setValue = useCallback(
    (key: K, value: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === defaults[key]) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, defaults],
  );

  const clear = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of Object.keys(defaults)) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams, defaults]);

  return { values, setValue, clear };
}
