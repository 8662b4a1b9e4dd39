import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { callClientMessageSchema, callInfoSchema, callSummarySchema, type IceServer } from '../../../common/video-call.js';
import { requireUser } from '../../auth/guards.js';
import { liveRoute } from '../../realtime/live-socket.js';
import type { ServiceContext } from '../../core/service-context.js';
import { admitToCall, listUpcomingCalls, readCallAccess } from './call-access.js';
import { ROOM_HEARTBEAT_MS, openCallSession } from './call-signalling.js';
import { turnExpiry, turnServerFor, type TurnRelay } from './turn-credentials.js';

const idParams = z.object({ id: z.string() });

interface VideoCallOptions {
  services: ServiceContext;
  /** ICE_SERVERS, answered as they are. */
  iceServers: IceServer[];
  /** TURN_URLS and TURN_SECRET: a relay entry with credentials of its own for each open room. */
  turn?: TurnRelay;
  roomHeartbeatMs?: number;
}

export const videoCallRoutes: FastifyPluginAsyncZod<VideoCallOptions> = async (app, { services, iceServers, turn, roomHeartbeatMs = ROOM_HEARTBEAT_MS }) => {
  app.get(
    '/api/bookings/:id/call',
    {
      schema: {
        tags: ['video calls'],
        summary: "A video booking's call room for its owner or its expert: whether it can be joined now, why not, and the ICE servers",
        description:
          'The room is open from 10 minutes before the start to 30 minutes after the scheduled end, for a confirmed (or completed) video booking. ' +
          'Signalling is the WebSocket `/api/bookings/{id}/call/live` (docs/ARCHITECTURE.md#realtime). ' +
          'While the room is open and a relay is configured, the ICE servers include it with credentials of this call, valid until an hour after the room closes.',
        params: idParams,
        response: { 200: callInfoSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const now = services.now();
      const { summary } = await readCallAccess(app.db, await requireUser(request), request.params.id, now);
      // Relay credentials only while the call can be made: a closed or cancelled room's parties get none.
      const relay = turn && summary.joinState === 'open' ? [turnServerFor(turn, summary.bookingId, turnExpiry(new Date(summary.closesAt), now))] : [];
      return { ...summary, serverNow: now.toISOString(), iceServers: [...iceServers, ...relay] };
    },
  );

  app.get(
    '/api/calls',
    {
      schema: {
        tags: ['video calls'],
        summary: "The caller's confirmed video calls (as owner or expert) whose room has not closed, soonest first",
        response: { 200: z.array(callSummarySchema), 401: apiErrorSchema },
      },
    },
    async (request) => listUpcomingCalls(app.db, await requireUser(request), services.now()),
  );

  liveRoute(app, {
    url: '/api/bookings/:id/call/live',
    params: idParams,
    admit: (user, { id }) => admitToCall(app.db, user, id, services.now()),
    incoming: callClientMessageSchema,
    // A session description with audio, video and every codec runs to kilobytes: room for it.
    maxMessageBytes: 48 * 1024,
    // ICE candidates come in bursts at the start and on each restart.
    rate: { perSecond: 20, burst: 80 },
    open: (connection, access, user) => openCallSession({ db: app.db, fanout: app.fanout, now: services.now, log: app.log, heartbeatMs: roomHeartbeatMs }, connection, access, user),
  });
};
