import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { liveRoute } from '../../realtime/live-socket.js';
import type { MessageLiveEvent } from '../../../common/booking-messages.js';
import { threadAccess } from './thread-access.js';
import { threadTopic } from './message-topics.js';

export const ONLY_PUSHES = 'This socket only receives. Send messages with POST /api/bookings/{id}/messages.';

/**
 * The booking page's live socket: the server pushes the thread's new messages and read receipts, from
 * whichever app server they were sent on. Sending stays on HTTP, where the rules, limits and OpenAPI of
 * every other write apply, so the socket accepts nothing from the client.
 */
export function messageLiveRoute(app: FastifyInstance) {
  liveRoute(app, {
    url: '/api/bookings/:id/messages/live',
    params: z.object({ id: z.string() }),
    // The same rule as reading the thread: its two parties and administrators, 404 for anyone else.
    admit: async (user, { id }) => ({ bookingId: (await threadAccess(app.db, user, id)).record.booking.id }),
    incoming: z.never({ error: ONLY_PUSHES }),
    maxMessageBytes: 512,
    rate: { perSecond: 1, burst: 5 },
    open: (connection, { bookingId }) => {
      const unsubscribe = app.fanout.subscribe(threadTopic(bookingId), (event) => connection.send(event as MessageLiveEvent));
      // Messages published while this server's listener was away are lost: the page reads the thread again.
      const stopResync = app.fanout.onResync(() => connection.send({ type: 'resync' } satisfies MessageLiveEvent));
      return {
        message: () => undefined,
        closed: () => {
          unsubscribe();
          stopResync();
        },
      };
    },
  });
}
