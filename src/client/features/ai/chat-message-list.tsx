import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { ChatMessageBubble, type ExpertAdviceSlot } from './chat-message-bubble';
import type { ChatMessage } from './use-chat';
import { helpNowQuestion } from './help-now-handoff';

function WaitingIndicator({ text }: { text: string }) {
  return (
    <div role="status" className="mt-4 flex items-center gap-2 pl-10 text-sm text-slate-600">
      <span aria-hidden className="flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-navy-500" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      {text}
    </div>
  );
}

/**
 * The conversation, scrolling inside the panel. A new answer is scrolled to its start so a long one reads
 * from the top; anything else (the question just sent, the waiting line) to the bottom.
 */
export function ChatMessageList({
  messages,
  waitingText,
  opening,
  onRetry,
  expertAdvice,
}: {
  messages: ChatMessage[];
  waitingText: string | null;
  opening: boolean;
  onRetry: (messageId: string, image?: File) => void;
  expertAdvice: ExpertAdviceSlot;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastBubble = useRef<HTMLLIElement>(null);
  const last = messages[messages.length - 1];
  const lastId = last?.id;
  const lastIsAnswer = last?.type === 'ai' && messages.length > 1;
  const lastFailed = !!last?.failure;

  useEffect(() => {
    const container = scroller.current;
    if (!container) return;
    const answer = lastIsAnswer ? lastBubble.current : null;
    container.scrollTop = answer ? answer.offsetTop - 16 : container.scrollHeight;
  }, [lastId, lastIsAnswer, lastFailed, waitingText]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        role="log"
        aria-label="Conversation"
        tabIndex={0}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50/60 p-4"
      >
        <ul className="flex flex-col gap-4">
          {messages.map((message, i) => (
            <ChatMessageBubble
              key={message.id}
              message={message}
              ref={i === messages.length - 1 ? lastBubble : undefined}
              busy={waitingText !== null || opening}
              onRetry={onRetry}
              expertAdvice={expertAdvice}
              helpNowQuestion={message.type === 'ai' ? helpNowQuestion(messages[i - 1]?.type === 'user' ? messages[i - 1]!.content : undefined, message.content) : null}
            />
          ))}
        </ul>
        {waitingText ? <WaitingIndicator text={waitingText} /> : null}
      </div>
      {opening ? <Spinner label="Opening conversation" className="absolute inset-0 bg-white/70" /> : null}
    </div>
  );
}
