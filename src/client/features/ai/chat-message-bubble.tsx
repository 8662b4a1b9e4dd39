import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Bot, Siren, User } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { AiMessageContent } from './ai-message-content';
import { SendFailureNotice } from './send-failure';
import type { ChatMessage } from './use-chat';
import { helpNowPath } from './help-now-handoff';

/** What shows under an answer that advises a professional: the way to book one, for the answer's category. */
export type ExpertAdviceSlot = (category: ChatMessage['category']) => ReactNode;

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return (today ? time : dayAndTime).format(date);
}

/**
 * When a message was sent, in the reader's time zone. The greeting's time is when the page opened, which
 * the server's HTML cannot know: there the line is kept, empty, until the browser has hydrated the page.
 */
function MessageTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={hydrated ? iso : undefined} className="px-1 text-xs text-slate-600">
      {hydrated ? formatMessageTime(iso) : '\u00a0'}
    </time>
  );
}

/** One chat bubble: the owner's words as plain text, the assistant's through AiMessageContent. */
export function ChatMessageBubble({
  message,
  ref,
  busy,
  onRetry,
  expertAdvice,
  helpNowQuestion = null,
}: {
  message: ChatMessage;
  ref?: Ref<HTMLLIElement>;
  busy: boolean;
  onRetry: (messageId: string, image?: File) => void;
  expertAdvice: ExpertAdviceSlot;
  /** The owner's question, when it or this answer is urgent: the answer then offers Help now. */
  helpNowQuestion?: string | null;
}) {
  const fromUser = message.type === 'user';
  const Icon = fromUser ? User : Bot;
  return (
    <li ref={ref} className={cn('flex gap-2.5', fromUser && 'flex-row-reverse')}>
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          fromUser ? 'bg-navy-100 text-navy-700' : 'bg-navy-700 text-white',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1', fromUser && 'items-end')}>
        <span className="sr-only">{fromUser ? 'You said:' : 'Assistant said:'}</span>
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5 text-sm leading-relaxed [overflow-wrap:anywhere]',
            fromUser ? 'whitespace-pre-wrap rounded-tr-sm bg-navy-700 text-white' : 'rounded-tl-sm bg-slate-100 text-slate-800',
            message.failure && 'bg-navy-700/70',
          )}
        >
          {fromUser ? message.content : <AiMessageContent content={message.content} />}
        </div>
        <MessageTime iso={message.timestamp} />
        {helpNowQuestion !== null ? (
          <Button asChild size="sm" variant="accent" className="self-start">
            <Link to={helpNowPath(helpNowQuestion)}>
              <Siren aria-hidden /> Help now
            </Link>
          </Button>
        ) : null}
        {!fromUser && message.expertAdvised ? expertAdvice(message.category) : null}
        {message.failure ? (
          <SendFailureNotice failure={message.failure} disabled={busy} onRetry={(image) => onRetry(message.id, image)} />
        ) : null}
      </div>
    </li>
  );
}
