import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * A field of a page the server rendered can be typed into or chosen from before the app has started, and
 * hydration keeps what the field shows without telling the app (docs/PRODUCT.md#found-on-the-web). Once
 * started, that value is handed to `onValue` as if entered now, so it is taken up rather than lost.
 */
export function useValueSetBeforeStart(field: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string, onValue: (value: string) => void) {
  const takeUp = useEffectEvent(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== value) onValue(shown);
  });
  useEffect(() => takeUp(), []);
}
