import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Anchor, Video } from 'lucide-react';
import type { AiCategory } from '@common/ai-rules';
import { handoffPath, specialtyForCategory } from '@common/ai-handoff-rules';
import { specialtyLabel } from '@common/specialties';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';

/** The menu behind 'Book an expert' (see book-expert-menu.tsx): `trigger` is its button. */
export function BookExpertDropdown({
  category,
  sessionId,
  trigger,
  defaultOpen,
}: {
  category?: AiCategory;
  sessionId?: string;
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const specialty = specialtyForCategory(category);
  const from = { category, sessionId };
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
