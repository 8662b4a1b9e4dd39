import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unreadNotificationsSchema } from '@common/notifications';
import { LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';
import { reconnectDelay } from '../../lib/reconnect-delay';
import { notificationsChanged } from './api';

/**
 * The bell's live count: the server sends it when the socket opens and whenever the person's notifications
 * change, from any app server. A lost socket connects again with backoff, at once when the page comes back
 * to the foreground or online. When the session ended (4401) it stops: the page's next request meets the
 * 401 and says so (docs/PRODUCT.md#requests-and-errors), rather than the bell leaving the page unannounced.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/api/notifications/live`);
      socket.onopen = () => {
        attempt = 0;
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const parsed = unreadNotificationsSchema.safeParse(data);
        if (parsed.success) notificationsChanged(queryClient, parsed.data);
      };
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        if (event.code === LIVE_CLOSE_SESSION_ENDED) {
          stopped = true;
          return;
        }
        retry = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
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
  }, [queryClient]);
}
