import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unreadNotificationsSchema } from '@common/notifications';
import { LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';
import { keepLiveSocket } from '../../lib/live-socket';
import { notificationsChanged } from './api';

/**
 * The bell's live count: the server sends it when the socket opens and whenever the person's notifications
 * change, from any app server. When the session ended (4401) it stops: the page's next request meets the
 * 401 and says so (docs/PRODUCT.md#requests-and-errors), rather than the bell leaving the page unannounced.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      keepLiveSocket('/api/notifications/live', {
        onMessage: (data) => {
          const parsed = unreadNotificationsSchema.safeParse(data);
          if (parsed.success) notificationsChanged(queryClient, parsed.data);
        },
        onClose: (code) => (code === LIVE_CLOSE_SESSION_ENDED ? 'stop' : 'retry'),
      }),
    [queryClient],
  );
}
