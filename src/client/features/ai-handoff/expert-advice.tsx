import { Wrench } from 'lucide-react';
import type { AiCategory } from '@common/ai-rules';
import { BookExpertMenu } from './book-expert-menu';

/** Under an answer that says a professional should look: the way to one, in the conversation itself. */
export function ExpertAdvice({ category, sessionId }: { category?: AiCategory; sessionId?: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-coral/30 bg-orange-50 px-3 py-2.5 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <Wrench aria-hidden className="mt-0.5 size-4 shrink-0 text-coral" />
        <span>This is one for a professional. A K&amp;B Marine expert can look at it with you.</span>
      </p>
      <BookExpertMenu category={category} sessionId={sessionId} variant="accent" />
    </div>
  );
}
