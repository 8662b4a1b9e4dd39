import { useEffect, useEffectEvent, useState } from 'react';

export const TYPING_DEBOUNCE_MS = 300;

/**
 * A text field bound to a committed value (a URL filter): typing updates the field at once and commits
 * after a pause, so each keystroke does not start a search. When the committed value changes from
 * outside (Clear, the back button), the field follows it.
 */
export function useDebouncedField(committed: string, commit: (value: string) => void, delayMs = TYPING_DEBOUNCE_MS) {
  const [text, setText] = useState(committed);
  const [lastCommitted, setLastCommitted] = useState(committed);
  if (committed !== lastCommitted) {
    setLastCommitted(committed);
    setText(committed);
  }

  const onPause = useEffectEvent((value: string) => commit(value));
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => onPause(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);

  return [text, setText] as const;
}
