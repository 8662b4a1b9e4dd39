import { useEffect, useEffectEvent, useState } from 'react';

export const TYPING_DEBOUNCE_MS = 300;

/**
 * A text field bound to a committed value (a URL filter): typing updates the field at once and commits
 * after a pause, so each keystroke does not start a search. When the committed value changes from
 * outside (the back button), the field follows it. When `resets` changes (Clear), the field returns to
 * the committed value and drops text still waiting to be committed, even if the committed value is
 * unchanged because that text never reached it.
 */
export function useDebouncedField(
  committed: string,
  commit: (value: string) => void,
  resets = 0,
  delayMs = TYPING_DEBOUNCE_MS,
) {
  const [text, setText] = useState(committed);
  const [followed, setFollowed] = useState({ committed, resets });
  if (committed !== followed.committed || resets !== followed.resets) {
    setFollowed({ committed, resets });
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
