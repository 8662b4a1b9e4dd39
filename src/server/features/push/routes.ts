import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { pushPublicKeySchema, pushSubscriptionInputSchema, pushUnsubscribeSchema } from '../../../common/push.js';
import { requireUser } from '../../auth/guards.js';
import { lookUpSession } from '../../auth/current-user.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import { AppError } from '../../core/app-error.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { deleteSubscription, saveSubscription } from './subscriptions.js';
import type { VapidKeys } from './vapid-keys.js';

const tags = ['push'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };
const SUBSCRIBES_PER_MINUTE = 20;

export interface PushRouteOptions {
  vapid: VapidKeys;
  /** ALLOW_PRIVATE_PUSH_ENDPOINTS (tests only): http on 127.0.0.1 is a push service too. */
  allowPrivateEndpoints: boolean;
}

/** A device's web push subscription (docs/PRODUCT.md#installable-app-and-push). */
export const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (app, { vapid, allowPrivateEndpoints }) => {
  // Before the body is parsed: a signed-out caller gets 401, never a validation message. The key is public.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/api/push/subscriptions') await requireUser(request);
  });
  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: pushPublicKeySchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send({ publicKey: vapid.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags,
        summary: "Turns push on for this device: the browser's PushSubscription, kept for the signed-in user and this session",
        description:
          'The endpoint must be https on a public host. An endpoint already stored moves to this user and session. Ten devices at most: an eleventh replaces the least recently used. Signing this session out deletes it.',
        body: pushSubscriptionInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      // The session the device subscribed in, so that ending it ends the device's push.
      const session = await lookUpSession(app.auth, request);
      if (!session) throw new AppError('UNAUTHORIZED', 'Unauthorized: please sign in.');
      await consumeRequestLimit(app.db, {
        key: `push-subscribe:${session.user.id}`,
        max: SUBSCRIBES_PER_MINUTE,
        windowMs: 60_000,
        message: 'This device is turning notifications on very often. Please wait a minute and try again.',
      });
      await saveSubscription(app.db, { userId: session.user.id, sessionId: session.sessionId }, request.body, allowPrivateEndpoints);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags,
        summary: "Turns push off for this device: deletes its subscription if it is the caller's",
        description: 'Answers 204 whether or not the endpoint was stored for the caller, so no one learns about endpoints that are not theirs.',
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteSubscription(app.db, user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
