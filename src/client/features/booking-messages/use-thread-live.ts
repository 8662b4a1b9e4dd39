import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageLiveEventSchema } from '@common/booking-messages';
import { LIVE_CLOSE_NOT_ADMITTED, LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';
import { addMessageToThread, markThreadRead, threadKey } from './api';
import { CURRENT_USER_KEY } from '../../lib/session';
import { bookingKeys } from '../bookings';
import { reconnectDelay } from '../../lib/reconnect-delay';

/** 'connecting' only before the first connection; 'reconnecting' whenever one was lost or refused. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The booking page's live socket: new messages and read receipts go straight into the thread's cache.
 * Each time the socket opens (the first time too) the thread is read again, so nothing sent while it was
 * connecting or away is missed; so is a 'resync' from the server. When the session ended (4401), or an
 * attempt was refused (the browser does not say why: perhaps a 401), the page asks who is signed in: signed
 * out, the page goes to sign in (RequireAuth) rather than trying again with a dead session. When the
 * booking no longer admits the reader (4403), it stops and reads the booking again.
 */
export function useThreadLive(bookingId: string): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: threadKey(bookingId) });

    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/api/bookings/${encodeURIComponent(bookingId)}/messages/live`);
      let opened = false;
      socket.onopen = () => {
        opened = true;
        attempt = 0;
        setState('live');
        refetch();
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = messageLiveEventSchema.safeParse(data);
        if (!parsed.success) return;
        const live = parsed.data;
        if (live.type === 'message') addMessageToThread(queryClient, live.message);
        else if (live.type === 'read') markThreadRead(queryClient, bookingId, live.readerId, live.upToId, live.readAt);
        else refetch();
      };
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        if (event.code === LIVE_CLOSE_NOT_ADMITTED) {
          stopped = true;
          // The booking's key is the prefix of its thread's: both are read again.
          void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
          return;
        }
        if (event.code === LIVE_CLOSE_SESSION_ENDED || !opened) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        setState('reconnecting');
        retry = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };

    // A page coming back to the foreground or online tries at once rather than waiting out the backoff.
    const tryNow = () => {
      if (socket || stopped || document.visibilityState !== 'visible') return;
      clearTimeout(retry);
      connect();
    };
    connect();
    window.addEventListener('online', tryNow);
    document.addEventListener('visibilitychange', tryNow);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', tryNow);
      document.removeEventListener('visibilitychange', tryNow);
      socket?.close();
    };
  }, [bookingId, queryClient]);

  return state;
}
