import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { BookingMessage, MessageThread, UnreadCounts } from '@common/booking-messages';
import { apiForm, apiJson } from '../../lib/api-request';

const UNREAD_KEY = ['/api/messages/unread'] as const;
export const threadKey = (bookingId: string) => ['/api/bookings', bookingId, 'messages'] as const;
export type ThreadData = InfiniteData<MessageThread, number | undefined>;

export function getMessages(bookingId: string, before?: number) {
  const search = before ? `?before=${before}` : '';
  return apiJson<MessageThread>('GET', `/api/bookings/${encodeURIComponent(bookingId)}/messages${search}`);
}
/** The thread in pages: the first page is the newest, each next page the one before it. */
export const threadQueryOptions = (bookingId: string) =>
  infiniteQueryOptions({
    queryKey: threadKey(bookingId),
    queryFn: ({ pageParam }) => getMessages(bookingId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder && page.messages[0] ? page.messages[0].id : undefined),
    // The live socket keeps it current; a reconnect reads it again.
    staleTime: Infinity,
  });
export function useMessageThread(bookingId: string) {
  return useInfiniteQuery(threadQueryOptions(bookingId));
}

/** Adds a message to the newest page unless it is there (the sender's own answer and the socket both bring it). */
export function addMessageToThread(queryClient: QueryClient, message: BookingMessage) {
  queryClient.setQueryData<ThreadData>(threadKey(message.bookingId), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
}

/** The other party read the caller's messages up to `upToId`. */
export function markThreadRead(queryClient: QueryClient, bookingId: string, readerId: string, upToId: number, readAt: string) {
  queryClient.setQueryData<ThreadData>(threadKey(bookingId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) => (m.id <= upToId && m.senderId !== readerId && !m.readAt ? { ...m, readAt } : m)),
          })),
        }
      : data,
  );
}

export interface SendMessageInput {
  text: string;
  photo: File | null;
  /** One per press of Send, kept for the retries of that message (the server stores it once). */
  idempotencyKey: string;
}

export function sendTextMessage(bookingId: string, text: string, idempotencyKey: string) {
  return apiJson<BookingMessage>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/messages`, { text }, { 'Idempotency-Key': idempotencyKey });
}
export function sendPhotoMessage(bookingId: string, photo: File, caption: string, idempotencyKey: string) {
  const form = new FormData();
  if (caption.trim()) form.append('caption', caption);
  form.append('photo', photo);
  return apiForm<BookingMessage>(`/api/bookings/${encodeURIComponent(bookingId)}/messages/photo`, form, 'POST', { 'Idempotency-Key': idempotencyKey });
}

/**
 * Sends a text or a photo; the answer joins the thread at once. A network or server failure is retried
 * once (the query client's rule) with the same key, so a message whose answer was lost arrives once.
 */
export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, photo, idempotencyKey }: SendMessageInput) =>
      photo ? sendPhotoMessage(bookingId, photo, text, idempotencyKey) : sendTextMessage(bookingId, text, idempotencyKey),
    onSuccess: (message) => addMessageToThread(queryClient, message),
  });
}

export function markMessagesRead(bookingId: string, upToId: number) {
  return apiJson<{ marked: number }>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/messages/read`, { upToId });
}
export function useMarkMessagesRead(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => markMessagesRead(bookingId, upToId),
    onSuccess: ({ marked }) => {
      if (marked > 0) void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}

export function getUnreadCounts() {
  return apiJson<UnreadCounts>('GET', '/api/messages/unread');
}
export const unreadCountsQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_KEY, queryFn: getUnreadCounts, staleTime: 0, refetchOnWindowFocus: true });
/** The caller's unread messages (avatar menu, workspace); read again when the window regains focus. */
export function useUnreadCounts(enabled = true) {
  return useQuery({ ...unreadCountsQueryOptions(), enabled });
}

/** Reads the unread counts again on every page change, so a message that arrived elsewhere shows without polling. */
export function useRefreshUnreadOnNavigation() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  }, [pathname, queryClient]);
}
