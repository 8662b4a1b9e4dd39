import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageLiveEventSchema } from '@common/booking-messages';
import { LIVE_CLOSE_NOT_ADMITTED, LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';
import { addMessageToThread, markThreadRead, threadKey } from './api';
import { CURRENT_USER_KEY } from '../../lib/session';
import { bookingKeys } from '../bookings';
import { keepLiveSocket } from '../../lib/live-socket';

/** 'connecting' only before the first connection; 'reconnecting' whenever one was lost or refused. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The booking page's live socket (`keepLiveSocket`): new messages and read receipts go straight into the
 * thread's cache. Each time the socket opens (the first time too) the thread is read again, so nothing
 * sent while it was connecting or away is missed; so is a 'resync' from the server. When the session ended (4401), or an
 * attempt was refused (the browser does not say why: perhaps a 401), the page asks who is signed in: signed
 * out, the page goes to sign in (RequireAuth) rather than trying again with a dead session. When the
 * booking no longer admits the reader (4403), it stops and reads the booking again.
 */
export function useThreadLive(bookingId: string): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: threadKey(bookingId) });
    return keepLiveSocket(`/api/bookings/${encodeURIComponent(bookingId)}/messages/live`, {
      onOpen: () => {
        setState('live');
        refetch();
      },
      onMessage: (data) => {
        const parsed = messageLiveEventSchema.safeParse(data);
        if (!parsed.success) return;
        const live = parsed.data;
        if (live.type === 'message') addMessageToThread(queryClient, live.message);
        else if (live.type === 'read') markThreadRead(queryClient, bookingId, live.readerId, live.upToId, live.readAt);
        else refetch();
      },
      onClose: (code, opened) => {
        if (code === LIVE_CLOSE_NOT_ADMITTED) {
          // The booking's key is the prefix of its thread's: both are read again.
          void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
          return 'stop';
        }
        if (code === LIVE_CLOSE_SESSION_ENDED || !opened) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        setState('reconnecting');
        return 'retry';
      },
    });
  }, [bookingId, queryClient]);

  return state;
}
