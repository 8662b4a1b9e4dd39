import { Link } from 'react-router';
import { Anchor, CalendarPlus, ChevronDown, Video } from 'lucide-react';
import type { AiCategory } from '@common/ai-rules';
import { handoffPath, specialtyForCategory } from '@common/ai-handoff-rules';
import { specialtyLabel } from '@common/specialties';
import { Button, type ButtonProps } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../ui/dropdown-menu';

/**
 * 'Book an expert': a menu of the two services, each opening its booking form with the specialty of the
 * conversation's category preselected and the conversation offered for attaching.
 */
export function BookExpertMenu({
  category,
  sessionId,
  variant = 'default',
  compact = false,
}: {
  category?: AiCategory;
  sessionId?: string;
  variant?: ButtonProps['variant'];
  /** On a phone the label hides (the header is narrow); the button keeps its accessible name. */
  compact?: boolean;
}) {
  const specialty = specialtyForCategory(category);
  const from = { category, sessionId };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant={variant} size="sm" aria-label={compact ? 'Book an expert' : undefined}>
          <CalendarPlus aria-hidden />
          <span className={compact ? 'hidden sm:inline' : undefined}>Book an expert</span>
          <ChevronDown aria-hidden className={compact ? '-ml-1 hidden sm:block' : '-ml-1'} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <span className="block text-sm font-semibold text-slate-900">Book an expert</span>
          <span className="block text-xs font-normal text-slate-600">
            {specialty ? `${specialtyLabel(specialty)} experts` : 'Any of our experts'}
            {sessionId ? ', with this conversation for them to read' : ''}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to={handoffPath('video', from)}>
            <Video aria-hidden /> Video consultation (30 min)
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={handoffPath('onsite', from)}>
            <Anchor aria-hidden /> Onsite visit at your boat
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
