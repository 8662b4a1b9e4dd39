import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  markNotificationsReadSchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  savePreferencesSchema,
  unreadNotificationsSchema,
  unsubscribedSchema,
  unsubscribeLinkSchema,
} from '../../../common/notifications.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { ROLES } from '../../../common/roles.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import type { Database } from '../../db/client.js';
import { liveRoute } from '../../realtime/live-socket.js';
import { listNotifications, markRead, unreadCount } from './notification-list.js';
import { readPreferences, savePreferences } from './preferences.js';
import { unsubscribe } from './unsubscribe.js';
import { UNSUBSCRIBE_PATH } from './email-preferences.js';
import { notificationsTopic } from './notifications-topic.js';

export const ONLY_RECEIVES = 'This socket only receives the unread count. Mark notifications read with POST /api/notifications/read.';

export interface NotificationRouteDeps {
  db: Database;
  now: () => Date;
  /** The secret one-click unsubscribe addresses are signed with. */
  unsubscribeSecret: string;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema };

/** The notification centre, its preferences and the e-mails' one-click unsubscribe (docs/PRODUCT.md#notifications). */
export const notificationRoutes: FastifyPluginAsyncZod<{ deps: NotificationRouteDeps }> = async (app, { deps }) => {
  // Signed-out callers are refused before their query or body is read.
  const signedIn = roleGuard(...ROLES);
  // The bell's live count: sent when the socket opens and again whenever the person's notifications change,
  // on any app server (the database announces each change after its commit).
  liveRoute(app, {
    url: '/api/notifications/live',
    params: z.object({}),
    admit: async () => undefined,
    incoming: z.never({ error: ONLY_RECEIVES }),
    maxMessageBytes: 256,
    rate: { perSecond: 1, burst: 5 },
    open: (connection, _admitted, user) => {
      const sendCount = () => {
        unreadCount(deps.db, user.id).then(
          (unread) => connection.send(unread),
          (err: unknown) => app.log.warn({ err }, 'the unread notification count could not be read'),
        );
      };
      sendCount();
      const unsubscribe = app.fanout.subscribe(notificationsTopic(user.id), sendCount);
      // Announcements made while this server's listener was away are lost: read the count again.
      const stopResync = app.fanout.onResync(sendCount);
      return {
        message: () => undefined,
        closed: () => {
          unsubscribe();
          stopResync();
        },
      };
    },
  });

  app.get(
    '/api/notifications',
    {
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, a page at a time",
        description: '`hasMore` tells whether to ask for `before` the last id; `unread` is the count the bell shows.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => listNotifications(deps.db, (await requireUser(request)).id, request.query),
  );

  app.get(
    '/api/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        response: { 200: unreadNotificationsSchema, 401: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => unreadCount(deps.db, (await requireUser(request)).id),
  );

  app.post(
    '/api/notifications/read',
    {
      config: KEEPS_SESSIONS,
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "Marks the caller's notifications read: all up to `upToId`, or the `ids` named",
        description: "Another person's ids change nothing. Answers the unread count left.",
        body: markNotificationsReadSchema,
        response: { 200: unreadNotificationsSchema, ...errors },
      },
    },
    async (request) => markRead(deps.db, (await requireUser(request)).id, request.body, deps.now()),
  );

  app.get(
    '/api/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: "Every kind of notification with the caller's channels for it (e-mail, push, text)",
        response: { 200: notificationPreferencesSchema, 401: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => readPreferences(deps.db, (await requireUser(request)).id),
  );

  app.put(
    '/api/notification-preferences',
    {
      config: KEEPS_SESSIONS,
      onRequest: signedIn,
      schema: {
        tags: ['notifications'],
        summary: "Saves the caller's channels for the kinds sent; the others keep theirs",
        description: 'Invoice and receipt e-mails cannot be turned off, and only short, urgent kinds may go by text: sending them changed is 400.',
        body: savePreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => savePreferences(deps.db, (await requireUser(request)).id, request.body.preferences),
  );

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form, without cookies; our own page
  // POSTs it as JSON. The address itself carries who and what, signed.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags: ['notifications'],
          summary: "One-click unsubscribe from one kind of notification e-mail (RFC 8058), from the e-mail's own address",
          description: 'Needs no sign-in: the signed address is the authority. Saying it twice is no error; a forged or unknown link is 404.',
          querystring: unsubscribeLinkSchema,
          body: z.object({ 'List-Unsubscribe': z.string().optional() }).optional(),
          response: { 200: unsubscribedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => unsubscribe(deps.db, deps.unsubscribeSecret, request.query),
    );
  });

  // A person who clicks the address instead (a mail client without one-click) lands on the page that asks.
  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'The unsubscribe address opened in a browser: 303 to the page that asks before turning the e-mails off',
        querystring: unsubscribeLinkSchema.partial(),
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return reply.redirect(`/unsubscribe?${query}`, 303);
    },
  );
};
