import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { CalendarPlus, ChevronDown } from 'lucide-react';
import type { AiCategory } from '@common/ai-rules';
import { Button, type ButtonProps } from '../../components/ui/button';
import { usePainted } from '../../lib/use-painted';

type Dropdown = ComponentType<{ category?: AiCategory; sessionId?: string; trigger: ReactElement; defaultOpen: boolean }>;

// The Radix menu (popper, focus handling) loads once the page has painted, not before: the button shows
// at once and opens the menu when it has arrived. Asked for in the first render, it would hold back the
// assistant's page (a transition's commit waits for it). Loaded by hand rather than with lazy(): a
// Suspense fallback would swap the button for a copy as loading began, and a press at that moment was lost.
const loadDropdown = () => import('./book-expert-dropdown').then((module): Dropdown => module.BookExpertDropdown);

export interface BookExpertMenuProps {
  category?: AiCategory;
  sessionId?: string;
  variant?: ButtonProps['variant'];
  /** On a phone the label hides (the header is narrow); the button keeps its accessible name. */
  compact?: boolean;
}

/**
 * 'Book an expert': a menu of the two services, each opening its booking form with the specialty of the
 * conversation's category preselected and the conversation offered for attaching.
 */
export function BookExpertMenu(props: BookExpertMenuProps) {
  const { variant = 'default', compact = false } = props;
  // A press before the menu has arrived opens it when it does.
  const [pressedEarly, setPressedEarly] = useState(false);
  const painted = usePainted();
  const button = (onClick?: () => void) => (
    <Button variant={variant} size="sm" aria-label={compact ? 'Book an expert' : undefined} aria-haspopup="menu" onClick={onClick}>
      <CalendarPlus aria-hidden />
      <span className={compact ? 'hidden sm:inline' : undefined}>Book an expert</span>
      <ChevronDown aria-hidden className={compact ? '-ml-1 hidden sm:block' : '-ml-1'} />
    </Button>
  );
  const [BookExpertDropdown, setDropdown] = useState<Dropdown | null>(null);
  useEffect(() => {
    if (!painted) return;
    let current = true;
    loadDropdown()
      .then((loaded) => current && setDropdown(() => loaded))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [painted]);
  if (!BookExpertDropdown) return button(() => setPressedEarly(true));
  return <BookExpertDropdown category={props.category} sessionId={props.sessionId} trigger={button()} defaultOpen={pressedEarly} />;
}
