import { useCallback, useEffect, useRef, useState } from 'react';
import { Loader2, MessageSquare, WifiOff } from 'lucide-react';
import type { BookingDetail } from '@common/bookings';
import { MESSAGES_ANCHOR, type BookingMessage } from '@common/booking-messages';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { useMarkMessagesRead, useMessageThread } from './api';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { messageDay } from './message-time';
import { useThreadLive } from './use-thread-live';

/** Whether `element` is at least partly on screen, as the reader would see it. */
function useOnScreen(element: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting), { threshold: 0.25 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}

/**
 * Marks the other party's messages read once the reader can see them: the thread on screen in a visible tab,
 * not merely the page opened (a long booking page on a phone puts the thread far below the top).
 */
function useMarkSeenAsRead(bookingId: string, messages: BookingMessage[], viewerRole: string | undefined, onScreen: boolean) {
  const markRead = useMarkMessagesRead(bookingId);
  const marked = useRef(0);
  const { mutate } = markRead;
  useEffect(() => {
    if (!viewerRole || viewerRole === 'admin') return;
    const check = () => {
      if (document.visibilityState !== 'visible' || !onScreen) return;
      const unread = messages.filter((m) => m.senderRole !== viewerRole && !m.readAt).map((m) => m.id);
      const upToId = Math.max(0, ...unread);
      if (upToId > marked.current) {
        marked.current = upToId;
        mutate(upToId);
      }
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [messages, viewerRole, onScreen, mutate]);
}

/** The booking's conversation between its owner and its expert, kept live over the booking's socket. */
export function BookingMessages({ booking }: { booking: BookingDetail }) {
  const thread = useMessageThread(booking.id);
  const live = useThreadLive(booking.id);
  // The log as a ref, to scroll it, and as state, to watch it come on screen once it is rendered.
  const list = useRef<HTMLDivElement | null>(null);
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const attachList = useCallback((element: HTMLDivElement | null) => {
    list.current = element;
    setListElement(element);
  }, []);
  const pages = thread.data?.pages ?? [];
  const viewer = pages[0]?.viewer;
  // Pages come newest first; each page is oldest first.
  const messages = pages.toReversed().flatMap((page) => page.messages);
  useMarkSeenAsRead(booking.id, messages, viewer?.role, useOnScreen(listElement));

  // The first message the reader has not read, as the thread first loaded.
  const [firstUnread, setFirstUnread] = useState<number | null | undefined>(undefined);
  if (firstUnread === undefined && thread.data && viewer) {
    setFirstUnread(messages.find((m) => m.senderRole !== viewer.role && !m.readAt)?.id ?? null);
  }
  const lastId = messages.at(-1)?.id;
  const opened = useRef(false);
  useEffect(() => {
    const log = list.current;
    if (!log || firstUnread === undefined) return;
    const unread = !opened.current && firstUnread !== null ? log.querySelector<HTMLElement>(`[data-message-id="${firstUnread}"]`) : null;
    // The thread (not the page) opens at the first unread message; new messages scroll it to the newest.
    log.scrollTop = unread ? log.scrollTop + unread.getBoundingClientRect().top - log.getBoundingClientRect().top - 12 : log.scrollHeight;
    // A link to the thread: the page is rendered after the browser looked for the anchor, so go there now.
    if (!opened.current && window.location.hash === `#${MESSAGES_ANCHOR}`) log.closest(`#${MESSAGES_ANCHOR}`)?.scrollIntoView({ block: 'start' });
    opened.current = true;
  }, [listElement, lastId, firstUnread]);

  const otherName = viewer?.role === 'expert' ? booking.owner.name : booking.expert.name;

  return (
    <SectionCard id={MESSAGES_ANCHOR} title="Messages" icon={MessageSquare} className="scroll-mt-20">
      <div className="mt-1 flex min-h-6 items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {viewer?.role === 'admin' ? `Between ${booking.owner.name} and ${booking.expert.name}` : `With ${otherName}`}
        </p>
        {live === 'reconnecting' ? (
          <p role="status" className="flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            <WifiOff aria-hidden className="size-3.5" /> Reconnecting...
          </p>
        ) : null}
      </div>
      {thread.isPending ? (
        <Spinner label="Loading messages" className="min-h-40" />
      ) : thread.isError ? (
        <div className="mt-4 flex flex-col items-start gap-2 text-sm text-slate-700">
          <p>The messages could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          {messages.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center">
              <MessageSquare aria-hidden className="size-8 text-slate-400" />
              <p className="font-medium text-slate-800">No messages yet</p>
              <p className="max-w-sm text-sm text-slate-600">
                {viewer?.canWrite
                  ? `Write to ${otherName} about this booking: questions, details, photos of the problem. They see it at once, and get an e-mail if it waits unread for 15 minutes.`
                  : 'Nothing was written on this booking.'}
              </p>
            </div>
          ) : (
            <div
              ref={attachList}
              role="log"
              aria-label={`Messages with ${otherName}`}
              aria-live="polite"
              tabIndex={0}
              className="max-h-[32rem] overflow-y-auto rounded-xl bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-navy-500 sm:p-4"
            >
              <ol className="flex flex-col gap-3">
              {thread.hasNextPage ? (
                <li className="flex justify-center">
                  <Button variant="ghost" size="sm" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
                    {thread.isFetchingNextPage ? <Loader2 aria-hidden className="animate-spin" /> : null} Load earlier messages
                  </Button>
                </li>
              ) : null}
              {messages.map((message, index) => {
                const previous = messages[index - 1];
                const day = messageDay(message.createdAt);
                const newDay = !previous || messageDay(previous.createdAt) !== day;
                const mine = message.senderRole === viewer?.role;
                return [
                  newDay ? (
                    <li key={`day-${message.id}`} className="flex items-center gap-3 text-xs font-medium text-slate-500" aria-hidden>
                      <span className="h-px flex-1 bg-slate-200" /> {day} <span className="h-px flex-1 bg-slate-200" />
                    </li>
                  ) : null,
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={mine}
                    showName={!mine && (newDay || previous?.senderRole !== message.senderRole)}
                  />,
                ];
              })}
              </ol>
            </div>
          )}
          {viewer?.canWrite ? (
            <MessageComposer bookingId={booking.id} recipientName={otherName} />
          ) : viewer?.closedReason ? (
            <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{viewer.closedReason}</p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
