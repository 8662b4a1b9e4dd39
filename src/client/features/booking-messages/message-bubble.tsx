import { CheckCheck } from 'lucide-react';
import type { BookingMessage } from '@common/booking-messages';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { messageTime } from './message-time';

/** A photo as a thumbnail that opens larger. */
function MessagePhoto({ message }: { message: BookingMessage }) {
  const photo = message.photo!;
  const label = `Photo from ${message.senderName}`;
  return (
    <Dialog>
      <DialogTrigger className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-500" aria-label={`Open the ${label.toLowerCase()}`}>
        <img
          src={photo.url}
          alt={label}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="h-auto max-h-64 w-full max-w-60 bg-slate-200 object-cover"
        />
      </DialogTrigger>
      <DialogContent className="max-w-4xl p-3 sm:p-4">
        <DialogTitle className="pr-8 text-base">{label}</DialogTitle>
        <DialogDescription className="sr-only">{message.text ?? 'The photo at full size'}</DialogDescription>
        <img src={photo.url} alt={label} width={photo.width} height={photo.height} className="h-auto max-h-[75vh] w-full rounded-lg object-contain" />
        {message.text ? <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{message.text}</p> : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * One message: the caller's on the right in navy, the other party's on the left. The text is a React
 * text node (never HTML), so nothing written in a message can run.
 */
export function MessageBubble({ message, mine, showName }: { message: BookingMessage; mine: boolean; showName: boolean }) {
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-testid="message" data-mine={mine} data-message-id={message.id}>
      {showName ? <span className="px-1 text-xs font-medium text-slate-500">{message.senderName}</span> : null}
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[75%]',
          mine ? 'rounded-br-md bg-navy-700 text-white' : 'rounded-bl-md border border-slate-200 bg-white text-slate-900',
          message.photo ? 'p-1.5' : null,
        )}
      >
        {message.photo ? <MessagePhoto message={message} /> : null}
        {message.text ? <p className={cn('whitespace-pre-wrap break-words', message.photo ? 'px-1.5 pb-1' : null)}>{message.text}</p> : null}
      </div>
      <span className="flex items-center gap-1 px-1 text-xs text-slate-500">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {mine && message.readAt ? (
          <>
            <span aria-hidden>·</span>
            <CheckCheck aria-hidden className="size-3.5 text-navy-600" /> Seen
          </>
        ) : null}
      </span>
    </li>
  );
}
