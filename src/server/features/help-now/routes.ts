import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  acceptedHelpSchema,
  adminHelpRequestSchema,
  createHelpRequestSchema,
  helpPriceQuerySchema,
  helpPriceSchema,
  helpRequestSchema,
  helpRingsSchema,
  onCallSettingsSchema,
  onCallSettingsViewSchema,
} from '../../../common/help-now.js';
import { MESSAGE_PHOTO_MAX_BYTES } from '../../../common/booking-messages.js';
import { ROLES } from '../../../common/roles.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { AppError } from '../../core/app-error.js';
import type { BookingBoats } from '../../core/service-context.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { multipartError } from '../../http/multipart-errors.js';
import { liveRoute } from '../../realtime/live-socket.js';
import { listHelpRequests } from './admin-help-requests.js';
import { acceptHelpRequest, declineHelpRequest } from './answer-ring.js';
import { requestTopic, ringsTopic, type HelpNowDeps } from './help-deps.js';
import { readHelpPhoto, setHelpPhoto } from './help-photo.js';
import { helpPrice } from './help-price.js';
import { cancelHelpRequest, createHelpRequest, describeRequest, describeRequestById, ownRequest } from './help-requests.js';
import { readOnCall, saveOnCall } from './on-call.js';
import { readRings } from './rings.js';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const tags = ['help now'];
const CHOOSE_PHOTO = 'Please choose a photo to send';
/** Requests an owner may send in an hour: more is a loop or abuse, never someone in trouble. */
const REQUESTS_PER_HOUR = 6;

export interface HelpNowRouteDeps extends HelpNowDeps {
  boats: BookingBoats;
  /** Marks an expert online (experts' presence): a page open on the rings' socket counts as being there. */
  touchPresence(userId: string): Promise<void>;
}

/** Help now (docs/PRODUCT.md#help-now): owners ask, experts on call answer, administrators watch. */
export const helpNowRoutes: FastifyPluginAsyncZod<{ deps: HelpNowRouteDeps }> = async (app, { deps }) => {
  await app.register(ownerRoutes, { deps });
  await app.register(expertRoutes, { deps });
  await app.register(adminRoutes, { deps });
};

const ownerRoutes: FastifyPluginAsyncZod<{ deps: HelpNowRouteDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', roleGuard(...ROLES));
  await app.register(multipart, { limits: { fileSize: MESSAGE_PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/api/help-requests/price',
    {
      schema: {
        tags,
        summary: 'What the experts who would be rung now ask: the lowest first-15-minutes and per-minute prices, and how many are on call',
        querystring: helpPriceQuerySchema,
        response: { 200: helpPriceSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { specialty, zipCode, latitude, longitude } = request.query;
      const position = latitude !== undefined && longitude !== undefined;
      return helpPrice(deps.db, {
        specialty,
        ownerId: user.id,
        place: { latitude: position ? latitude : null, longitude: position ? longitude : null, zipCode: zipCode ?? null },
        now: deps.now(),
      });
    },
  );

  app.post(
    '/api/help-requests',
    {
      schema: {
        tags,
        summary: 'Sends a Help now request: rings up to 5 experts on call at once, 5 more every 90 s, until one accepts or 5 minutes pass',
        description: 'One request ringing per owner (409 for a second). At most 6 an hour (429). When nobody is on call, the request is answered already expired.',
        body: createHelpRequestSchema,
        response: { 201: helpRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await consumeRequestLimit(deps.db, {
        key: `help-request:${user.id}`,
        max: REQUESTS_PER_HOUR,
        windowMs: 3_600_000,
        message: 'You have sent many Help now requests this hour. Please wait a while, or book a video consultation.',
      });
      return reply.status(201).send(await createHelpRequest(deps, user, request.body));
    },
  );

  app.get(
    '/api/help-requests/:id',
    {
      schema: {
        tags,
        summary: "The owner's request as it stands: ringing, accepted (with the call's booking), expired or cancelled, and how many experts were rung",
        params: idParams,
        response: { 200: helpRequestSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return describeRequest(deps.db, await ownRequest(deps.db, user, request.params.id));
    },
  );

  app.post(
    '/api/help-requests/:id/cancel',
    { schema: { tags, summary: 'The owner cancels a request before anyone accepted it; the rings stop', params: idParams, response: { 200: helpRequestSchema, ...errors } } },
    async (request) => cancelHelpRequest(deps, await requireUser(request), request.params.id),
  );

  app.post(
    '/api/help-requests/:id/photo',
    {
      schema: {
        tags,
        summary: 'Adds a photo to a ringing request (multipart, one file field `photo`: an image up to 10 MB), shown on the rings',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: helpRequestSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await ownRequest(deps.db, user, request.params.id);
      if (!request.isMultipart()) throw AppError.onField('photo', CHOOSE_PHOTO);
      let photo: Buffer | undefined;
      try {
        photo = await (await request.file())?.toBuffer();
      } catch (error) {
        throw multipartError(error) ?? error;
      }
      if (!photo || photo.length === 0) throw AppError.onField('photo', CHOOSE_PHOTO);
      return setHelpPhoto(deps, user, request.params.id, photo);
    },
  );

  app.get(
    '/api/help-requests/:id/photo',
    { schema: { tags, summary: "A request's photo (JPEG): its owner, the experts it rang and administrators", params: idParams, response: { 200: z.any().describe('image/jpeg'), ...errors } } },
    async (request, reply) => {
      const bytes = await readHelpPhoto(deps, await requireUser(request), request.params.id);
      return reply.header('Cache-Control', 'private, max-age=3600').type('image/jpeg').send(bytes);
    },
  );

  // The owner's page: the request again whenever it changes (a round rang, an expert accepted, it expired).
  liveRoute(app, {
    url: '/api/help-requests/:id/live',
    params: idParams,
    admit: async (user, { id }) => (await ownRequest(deps.db, user, id)).id,
    incoming: z.never({ error: 'This socket only receives.' }),
    maxMessageBytes: 256,
    rate: { perSecond: 1, burst: 5 },
    open: (connection, requestId) => {
      const push = () =>
        describeRequestById(deps.db, requestId).then(
          (state) => connection.send(state),
          (err: unknown) => app.log.warn({ err }, 'a help request could not be read'),
        );
      void push();
      const unsubscribe = app.fanout.subscribe(requestTopic(requestId), push);
      const stopResync = app.fanout.onResync(push);
      return {
        message: () => undefined,
        closed: () => {
          unsubscribe();
          stopResync();
        },
      };
    },
  });
};

const expertRoutes: FastifyPluginAsyncZod<{ deps: HelpNowRouteDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', roleGuard('expert'));

  app.get(
    '/api/workspace/on-call',
    { schema: { tags, summary: "The expert's Help now settings: on call or not, the hours (in their zone), the prices, and whether they could be rung now", response: { 200: onCallSettingsViewSchema, ...errors } } },
    async (request) => readOnCall(deps.db, (await requireUser(request)).id, deps.now()),
  );

  app.put(
    '/api/workspace/on-call',
    {
      schema: {
        tags,
        summary: "Saves the expert's Help now settings",
        description: 'Prices: $10 to $300 for the first 15 minutes, $0.50 to $10 for each minute after. The hours may run past midnight (22:00 to 06:00).',
        body: onCallSettingsSchema,
        response: { 200: onCallSettingsViewSchema, ...errors },
      },
    },
    async (request) => saveOnCall(deps.db, (await requireUser(request)).id, request.body, deps.now()),
  );

  app.get(
    '/api/help-rings',
    { schema: { tags, summary: 'The requests ringing the expert now, oldest first (live on /api/help-rings/live)', response: { 200: helpRingsSchema, ...errors } } },
    async (request) => ({ rings: await readRings(deps.db, (await requireUser(request)).id, deps.now()) }),
  );

  app.post(
    '/api/help-requests/:id/accept',
    {
      schema: {
        tags,
        summary: 'The expert takes the request: the first to accept gets a confirmed video call starting now; everyone else gets 409',
        description: "409 'Another expert has taken this request' once someone has, and for a request expired or cancelled. 404 for an expert it did not ring.",
        params: idParams,
        response: { 200: acceptedHelpSchema, ...errors },
      },
    },
    async (request) => acceptHelpRequest(deps, await requireUser(request), request.params.id),
  );

  app.post(
    '/api/help-requests/:id/decline',
    { schema: { tags, summary: "The expert turns the request down: their ring stops; it goes on ringing the others", params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await declineHelpRequest(deps, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Every page of an expert's: the requests ringing them, sent again whenever one starts or stops.
  liveRoute(app, {
    url: '/api/help-rings/live',
    params: z.object({}),
    admit: async () => undefined,
    incoming: z.never({ error: 'This socket only receives. Answer with POST /api/help-requests/{id}/accept or /decline.' }),
    maxMessageBytes: 256,
    rate: { perSecond: 1, burst: 5 },
    open: (connection, _admitted, user) => {
      const push = () =>
        readRings(deps.db, user.id, deps.now()).then(
          (rings) => connection.send({ rings }),
          (err: unknown) => app.log.warn({ err }, 'the help rings could not be read'),
        );
      const touch = () => deps.touchPresence(user.id).catch((err: unknown) => app.log.warn({ err }, 'presence not recorded'));
      void push();
      void touch();
      // A ring that expires stops by itself on the page (it knows expiresAt); a page open counts as online.
      const presence = setInterval(touch, 30_000);
      presence.unref();
      const unsubscribe = app.fanout.subscribe(ringsTopic(user.id), push);
      const stopResync = app.fanout.onResync(push);
      return {
        message: () => undefined,
        closed: () => {
          clearInterval(presence);
          unsubscribe();
          stopResync();
        },
      };
    },
  });
};

const adminRoutes: FastifyPluginAsyncZod<{ deps: HelpNowRouteDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', roleGuard('admin'));
  app.get(
    '/api/admin/help-requests',
    { schema: { tags, summary: 'The latest 100 Help now requests: when, how many experts were rung, who accepted and how fast', response: { 200: z.array(adminHelpRequestSchema), ...errors } } },
    async () => listHelpRequests(deps.db),
  );
};
