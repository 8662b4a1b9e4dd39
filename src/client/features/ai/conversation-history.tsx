import { History, Sailboat } from 'lucide-react';
import { AI_CATEGORY_LABELS } from '@common/ai-rules';
import { useBoats } from '../boats';
import { Badge } from '../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAiSessions } from './api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';

/**
 * The signed-in owner's past conversations, each with the boat it is about when that is still in My
 * boats; choosing one reopens it in the chat to continue.
 */
export function ConversationHistory({
  activeSessionId,
  disabled,
  onOpen,
}: {
  activeSessionId: string | undefined;
  disabled: boolean;
  onOpen: (sessionId: string) => void;
}) {
  const sessions = useAiSessions(true);
  const list = sessions.data ?? [];
  const boats = useBoats(list.some((session) => session.boatId));
  const boatName = (id: string | null) => (id ? boats.data?.find((boat) => boat.id === id)?.name : undefined);

  return (
    <Card role="region" aria-labelledby="conversation-history-title" className="flex max-h-[600px] min-w-0 flex-col">
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle id="conversation-history-title" className="flex items-center gap-2 text-base">
          <History aria-hidden className="size-4 text-navy-600" /> Your conversations
        </CardTitle>
        <CardDescription>Pick one to read it again or continue where you left off.</CardDescription>
      </CardHeader>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
        {sessions.isLoading ? (
          <div className="flex flex-col gap-2 p-2" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : sessions.isError ? (
          <p className="px-3 pb-2 text-sm text-red-700">Your conversations could not be loaded. Reload the page to try again.</p>
        ) : list.length === 0 ? (
          <p className="px-3 pb-2 text-sm text-slate-600">Your questions will appear here after the assistant answers them.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {list.map((session) => {
              const active = session.id === activeSessionId;
              const boat = boatName(session.boatId);
              return (
                <li key={session.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(session.id)}
                    disabled={disabled}
                    aria-current={active ? 'true' : undefined}
                    className={cn(
                      'flex w-full flex-col gap-1.5 rounded-lg px-3 py-2.5 text-left transition-colors disabled:opacity-60',
                      active ? 'bg-navy-50 ring-1 ring-navy-200' : 'hover:bg-slate-100',
                    )}
                  >
                    <span className="line-clamp-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{session.question}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <Badge tone="navy">{AI_CATEGORY_LABELS[session.category]}</Badge>
                      <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
                      {boat ? (
                        <span className="flex min-w-0 items-center gap-1">
                          <Sailboat aria-hidden className="size-3.5 shrink-0 text-navy-600" />
                          <span className="truncate">{boat}</span>
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
