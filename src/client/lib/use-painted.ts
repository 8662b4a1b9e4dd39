import { useEffect, useState } from 'react';

/**
 * False until the component's first render has been painted (the next animation frame after its commit):
 * for starting what only a later interaction needs (loading a menu's code), which the page's first paint
 * should not wait for.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
