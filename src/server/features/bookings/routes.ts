import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  bookingDetailSchema,
  bookingSchema,
  cancelBookingSchema,
  consultationSchema,
  createBookingSchema,
  declineBookingSchema,
  ownBookingsQuerySchema,
  rescheduleBookingSchema,
  slotSchema,
  slotsQuerySchema,
} from '../../../common/bookings.js';
import { completeBookingSchema } from '../../../common/invoices.js';
import { requireUser } from '../../auth/guards.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotencyKeyHeaders } from '../../idempotency/idempotency-key.js';
import { freeSlotsReader } from './slots.js';
import { bookingCreator, type ConversationHandoff } from './create-booking.js';
import { rescheduleBooking, transitionBooking } from './change-booking.js';
import { getBookingDetail, listConsultations, listOwnBookings } from './read-bookings.js';
import type { ServiceContext } from '../../core/service-context.js';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** `conversations`: the AI hand-off's copy of an assistant conversation a new booking keeps (app.ts passes ai-handoff's). */
export const bookingRoutes: FastifyPluginAsyncZod<{ services: ServiceContext; conversations: ConversationHandoff }> = async (app, { services, conversations }) => {
  const freeSlots = freeSlotsReader(app.db);
  const createBooking = bookingCreator(services, conversations);

  app.get(
    '/api/experts/:id/slots',
    {
      schema: {
        tags: ['bookings'],
        summary: "The expert's free start times on a local date, in the expert's time zone",
        params: idParams,
        querystring: slotsQuerySchema,
        response: { 200: z.array(slotSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { type, date, hours } = request.query;
      return freeSlots(request.params.id, type, date, hours, services.now());
    },
  );

  app.post(
    '/api/bookings',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['bookings'],
        summary: 'Books an expert; the server computes the time and the price',
        description: IDEMPOTENCY_KEY_DESCRIPTION,
        body: createBookingSchema,
        headers: idempotencyKeyHeaders,
        response: { 200: bookingSchema, 201: bookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { booking, replayed } = await createBooking(user, request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send(booking);
    },
  );

  app.get(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The caller's bookings, a page at a time: upcoming soonest first, then the others latest first",
        description:
          'Answers an array of bookings. X-Total-Count carries the number of all the caller\'s bookings and ' +
          'X-Upcoming-Count how many of them are upcoming. X-Next-Cursor, when there is a next page, is its ' +
          'cursor: pass it as cursor for the next page.',
        querystring: ownBookingsQuerySchema,
        response: { 200: z.array(bookingSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await listOwnBookings(app.db, await requireUser(request), request.query, services.now());
      reply.header('X-Total-Count', String(page.total)).header('X-Upcoming-Count', String(page.upcoming));
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      return page.bookings;
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'One booking with its status history (its owner, its expert or an administrator)',
        params: idParams,
        response: { 200: bookingDetailSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getBookingDetail(services, await requireUser(request), request.params.id, services.now()),
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['bookings'],
        summary: 'Cancels a live booking before its start, with a reason; a paid booking is refunded in full',
        params: idParams,
        body: cancelBookingSchema,
        response: { 200: bookingDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return transitionBooking(services, { user }, request.params.id, 'cancel', request.body.reason);
    },
  );

  app.post(
    '/api/bookings/:id/reschedule',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['bookings'],
        summary: 'Moves a live booking to another free time of the same expert',
        params: idParams,
        body: rescheduleBookingSchema,
        response: { 200: bookingDetailSchema, ...errors },
      },
    },
    async (request) => rescheduleBooking(services, await requireUser(request), request.params.id, request.body),
  );

  // The expert's answers. The state machine says who may take each; the expert workspace builds on them.
  app.post(
    '/api/bookings/:id/complete',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['bookings'],
        summary: "The booking's expert (or an administrator): complete, issuing the final invoice",
        description:
          'An onsite visit needs the hours really worked (quarter hours, at least the minimum visit), and may list ' +
          'parts and materials and a travel fee; a video consultation is invoiced at its price and needs no body.',
        params: idParams,
        body: completeBookingSchema.nullish(),
        response: { 200: bookingDetailSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return transitionBooking(services, { user }, request.params.id, 'complete', null, request.body ?? null);
    },
  );

  for (const action of ['confirm', 'decline', 'no_show'] as const) {
    app.post(
      `/api/bookings/:id/${action.replace('_', '-')}`,
      {
        config: KEEPS_SESSIONS,
        schema: {
          tags: ['bookings'],
          summary: `The booking's expert (or an administrator): ${action.replace('_', ' ')}`,
          params: idParams,
          body: declineBookingSchema.optional(),
          response: { 200: bookingDetailSchema, 403: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return transitionBooking(services, { user }, request.params.id, action, request.body?.reason ?? null);
      },
    );
  }

  app.get(
    '/api/consultations',
    {
      schema: {
        tags: ['bookings'],
        summary: "The caller's video consultations: 'scheduled' while still to come",
        response: { 200: z.array(consultationSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listConsultations(app.db, await requireUser(request), services.now()),
  );
};
