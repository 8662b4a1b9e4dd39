import { Bot, Camera, User } from 'lucide-react';
import { AI_CATEGORY_LABELS } from '@common/ai-rules';
import type { AttachedConversation } from '@common/ai-handoff';
import type { BookingDetail } from '@common/bookings';
import { SectionCard } from '../../components/ui/section-card';
import { AiMessageContent } from '../ai';
import { formatMoment } from '../../lib/booking-time';
import { useBookingAiConversation } from './api';
import { cn } from '../../lib/cn';

/** How the chat writes a photo the owner sent; the photo itself is not kept, only that there was one. */
const PHOTO_PREFIX = '[Image uploaded] ';

function OwnerWords({ content }: { content: string }) {
  if (!content.startsWith(PHOTO_PREFIX)) return <p className="whitespace-pre-wrap">{content}</p>;
  return (
    <p className="whitespace-pre-wrap">
      <span className="mr-1.5 inline-flex items-center gap-1 rounded-full bg-white/15 px-2 py-0.5 text-xs font-semibold">
        <Camera aria-hidden className="size-3" /> Photo
      </span>
      {content.slice(PHOTO_PREFIX.length)}
    </p>
  );
}

function Messages({ conversation, ownerName }: { conversation: AttachedConversation; ownerName: string }) {
  return (
    <ol
      tabIndex={0}
      aria-label="Attached conversation"
      className="flex max-h-[36rem] flex-col gap-4 overflow-y-auto overscroll-contain rounded-xl bg-slate-50 p-3 sm:p-4"
    >
      {conversation.messages.map((message, index) => {
        const fromOwner = message.type === 'user';
        const Icon = fromOwner ? User : Bot;
        return (
          <li key={index} className={cn('flex gap-2.5', fromOwner && 'flex-row-reverse')}>
            <span
              aria-hidden
              className={cn(
                'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                fromOwner ? 'bg-navy-100 text-navy-700' : 'bg-navy-700 text-white',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className={cn('flex min-w-0 max-w-[90%] flex-col gap-1', fromOwner && 'items-end')}>
              <p className="px-1 text-xs font-medium text-slate-600">{fromOwner ? ownerName : 'AI assistant'}</p>
              <div
                className={cn(
                  'rounded-2xl px-4 py-2.5 text-sm leading-relaxed [overflow-wrap:anywhere]',
                  fromOwner ? 'rounded-tr-sm bg-navy-700 text-white' : 'rounded-tl-sm border border-slate-200 bg-white text-slate-800',
                )}
              >
                {fromOwner ? <OwnerWords content={message.content} /> : <AiMessageContent content={message.content} />}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * 'Conversation with the AI assistant': what the owner attached when booking, as it was then, read only,
 * for the expert to read before the call (and for the owner, to see what they shared). Nothing is shown
 * for a booking without one.
 */
export function BookingAiConversation({ booking }: { booking: BookingDetail }) {
  const query = useBookingAiConversation(booking.id);
  const conversation = query.data?.conversation;
  if (query.isError) {
    return (
      <SectionCard title="Conversation with the AI assistant" icon={Bot}>
        <p className="text-sm text-slate-600">We could not load the attached conversation. Please reload the page.</p>
      </SectionCard>
    );
  }
  if (!conversation) return null;
  const questions = conversation.messages.filter((m) => m.type === 'user').length;
  return (
    <SectionCard title="Conversation with the AI assistant" icon={Bot}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">
          {booking.owner.name} attached this conversation when booking, on <time dateTime={conversation.attachedAt}>{formatMoment(conversation.attachedAt)}</time>.
          It is shown as it was then and cannot be changed.
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">“{conversation.title}”</span>
          <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-medium text-navy-700">{AI_CATEGORY_LABELS[conversation.category]}</span>
          <span className="text-xs text-slate-500">
            {questions} {questions === 1 ? 'question' : 'questions'}
          </span>
        </div>
        {conversation.earlierOmitted > 0 ? (
          <p className="text-xs text-slate-500">{conversation.earlierOmitted} earlier messages are not shown; these are the latest.</p>
        ) : null}
        <Messages conversation={conversation} ownerName={booking.owner.name} />
      </div>
    </SectionCard>
  );
}
