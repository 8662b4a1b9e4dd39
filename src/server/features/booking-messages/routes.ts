import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  bookingMessageSchema,
  markReadResultSchema,
  markReadSchema,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PHOTO_MAX_BYTES,
  messagesQuerySchema,
  messageThreadSchema,
  photoCaptionSchema,
  sendTextMessageSchema,
  unreadCountsSchema,
  type MessageLiveEvent,
} from '../../../common/booking-messages.js';
import { requireUser } from '../../auth/guards.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import { AppError } from '../../core/app-error.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { NUL_MESSAGE } from '../../http/request-input.js';
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotencyKeyHeaders } from '../../idempotency/idempotency-key.js';
import { liveRoute } from '../../realtime/live-socket.js';
import type { MessageDeps } from './message-deps.js';
import { listMessages, unreadCounts } from './read-messages.js';
import { sendPhotoMessage, sendTextMessage } from './send-message.js';
import { markMessagesRead } from './mark-read.js';
import { threadAccess, writableThread } from './thread-access.js';
import { threadTopic } from './message-topics.js';
import { readMessagePhoto } from './message-photo.js';

const MESSAGES_PER_MINUTE = 60;
const PHOTOS_PER_MINUTE = 10;
const CHOOSE_PHOTO = 'Please choose a photo to send';
export const ONLY_PUSHES = 'This socket only receives. Send messages with POST /api/bookings/{id}/messages.';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** A photo over the limit says which limit; every other upload failure is worded by the error handler. */
function uploadError(error: unknown): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB. Please send a smaller one.', { photo: 'The photo is larger than 10 MB' });
  }
  return error;
}

/** Messages on a booking between its owner and its expert; administrators read them. */
export const bookingMessageRoutes: FastifyPluginAsyncZod<{ deps: MessageDeps }> = async (app, { deps }) => {
  await app.register(multipart, {
    limits: { fileSize: MESSAGE_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: MESSAGE_MAX_LENGTH * 4, parts: 4 },
  });
  // The booking page's live socket: the server pushes the thread's new messages and read receipts, from
  // whichever app server they were sent on. Sending stays on HTTP, where the rules, limits and OpenAPI of
  // every other write apply, so the socket accepts nothing from the client.
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

  const limitSending = (userId: string, kind: 'text' | 'photo') =>
    consumeRequestLimit(deps.db, {
      key: `booking-message-${kind}:${userId}`,
      max: kind === 'text' ? MESSAGES_PER_MINUTE : PHOTOS_PER_MINUTE,
      windowMs: 60_000,
      message: `You are sending ${kind === 'text' ? 'messages' : 'photos'} very quickly. Please wait a minute and try again.`,
    });

  app.get(
    '/api/bookings/:id/messages',
    {
      schema: {
        tags: ['booking messages'],
        summary: "A booking's messages, one page oldest first: the newest page, or the page before `before`",
        description: 'The booking\'s owner and expert, and administrators (read only); 404 for anyone else. `hasOlder` tells whether to ask for `before` the first id.',
        params: idParams,
        querystring: messagesQuerySchema,
        response: { 200: messageThreadSchema, ...errors },
      },
    },
    async (request) => listMessages(deps.db, await requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/bookings/:id/messages',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['booking messages'],
        summary: 'Sends a text message to the other party of the booking',
        description: `Administrators read only (403). Cancelled, declined and expired bookings keep their thread readable but closed (409). ${IDEMPOTENCY_KEY_DESCRIPTION}`,
        params: idParams,
        body: sendTextMessageSchema,
        headers: idempotencyKeyHeaders,
        response: { 200: bookingMessageSchema, 201: bookingMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const access = await writableThread(deps.db, user, request.params.id);
      await limitSending(user.id, 'text');
      const { message, replayed } = await sendTextMessage(deps, user, access, request.body.text, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send(message);
    },
  );

  app.post(
    '/api/bookings/:id/messages/photo',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['booking messages'],
        summary: 'Sends a photo message (multipart: photo, caption?)',
        description: `JPEG, PNG, WebP, HEIC or another image, checked by its bytes, at most 10 MB and 40 megapixels; re-encoded as a JPEG of at most 1600 px without metadata. ${IDEMPOTENCY_KEY_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
        params: idParams,
        headers: idempotencyKeyHeaders,
        response: { 200: bookingMessageSchema, 201: bookingMessageSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // Outsiders and closed threads are refused before the upload is read.
      const access = await writableThread(deps.db, user, request.params.id);
      if (!request.isMultipart()) throw AppError.onField('photo', CHOOSE_PHOTO);
      await limitSending(user.id, 'photo');
      let photo: Buffer | undefined;
      let caption: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname === 'photo') photo = bytes;
          } else if (part.fieldname === 'caption' && typeof part.value === 'string') {
            if (part.value.includes('\u0000')) throw AppError.onField('caption', NUL_MESSAGE);
            caption = part.value;
          }
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!photo || photo.length === 0) throw AppError.onField('photo', CHOOSE_PHOTO);
      const checked = photoCaptionSchema.safeParse(caption);
      if (!checked.success) {
        const message = checked.error.issues[0]!.message;
        throw AppError.onField('caption', message);
      }
      const { message, replayed } = await sendPhotoMessage(deps, user, access, photo, checked.data, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send(message);
    },
  );

  app.post(
    '/api/bookings/:id/messages/read',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['booking messages'],
        summary: "Marks the caller's messages up to `upToId` as read; the sender's open page sees it",
        params: idParams,
        body: markReadSchema,
        response: { 200: markReadResultSchema, ...errors },
      },
    },
    async (request) => markMessagesRead(deps, await requireUser(request), request.params.id, request.body.upToId),
  );

  app.get(
    '/api/bookings/:id/messages/:messageId/photo',
    {
      schema: {
        tags: ['booking messages'],
        summary: "A photo message's picture (JPEG), for the booking's parties and administrators only",
        description: '401 signed out; 404 for anyone but the two parties and administrators, and for a message without a photo.',
        params: z.object({ id: z.string(), messageId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const access = await threadAccess(deps.db, user, request.params.id);
      const bytes = await readMessagePhoto(deps, access.record.booking.id, request.params.messageId);
      // Private: a shared cache must never keep it; the browser may, since a message's photo never changes.
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400, immutable').send(bytes);
    },
  );

  app.get(
    '/api/messages/unread',
    {
      schema: {
        tags: ['booking messages'],
        summary: "The caller's unread booking messages, in all and per booking",
        response: { 200: unreadCountsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => unreadCounts(deps.db, await requireUser(request)),
  );
};
