import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  bookingReviewSchema,
  createReviewSchema,
  expertReviewSchema,
  replyReviewSchema,
  reportedReviewSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReasonSchema,
} from '../../../common/reviews.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import type { ServiceContext } from '../../core/service-context.js';
import { getExpert } from '../experts/index.js';
import { ownExpert } from '../workspace/index.js';
import { createReview, getBookingReview } from './write-review.js';
import { replyToReview, reportReview } from './expert-review-actions.js';
import { moderateReview } from './moderate-review.js';
import { listExpertReviews, listReportedReviews, listReviewsOfOwnExpert, parseReviewId } from './read-reviews.js';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Every review route: an expert's public reviews and a booking's review for its owner; the expert's own
 * reviews under /api/workspace/reviews, behind the experts' guard; moderation under /api/admin/reviews,
 * behind the administrators' guard.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  await app.register(workspaceReviewRoutes);
  await app.register(adminReviewRoutes, { services });

  app.get(
    '/api/experts/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A listed expert's verified reviews, newest first, a page at a time (hidden reviews left out)",
        description: 'Follow `nextCursor` for the next page; it is null on the last one.',
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const expert = await getExpert(app.db, request.params.id);
      return listExpertReviews(app.db, expert.id, request.query.limit, request.query.cursor);
    },
  );

  app.get(
    '/api/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "The booking's review, and whether its owner may still write one (its owner, its expert or an administrator)",
        params: idParams,
        response: { 200: bookingReviewSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getBookingReview(app.db, await requireUser(request), request.params.id, services.now()),
  );

  app.post(
    '/api/bookings/:id/review',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['reviews'],
        summary: "The owner rates the expert of a completed booking (1 to 5 stars) with an optional review, once, within 30 days of its end",
        params: idParams,
        body: createReviewSchema,
        response: { 201: bookingReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(services, await requireUser(request), request.params.id, request.body);
      return reply.status(201).send(review);
    },
  );
};

const workspaceReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', roleGuard('expert'));

  app.get(
    '/api/workspace/reviews',
    {
      schema: {
        tags: ['workspace'],
        summary: "The caller's reviews with their state (hidden ones too), newest first, a page at a time",
        querystring: reviewPageQuerySchema,
        response: { 200: z.object({ reviews: z.array(expertReviewSchema), nextCursor: z.string().nullable() }), ...errors },
      },
    },
    async (request) => {
      const expert = await ownExpert(app.db, (await requireUser(request)).id);
      return listReviewsOfOwnExpert(app.db, expert.id, request.query.limit, request.query.cursor);
    },
  );

  app.post(
    '/api/workspace/reviews/:id/reply',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['workspace'],
        summary: 'Replies to a review of the caller, once; the reply shows under it on the profile',
        params: idParams,
        body: replyReviewSchema,
        response: { 200: expertReviewSchema, ...errors },
      },
    },
    async (request) => replyToReview(app.db, await requireUser(request), parseReviewId(request.params.id), request.body.reply),
  );

  app.post(
    '/api/workspace/reviews/:id/report',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['workspace'],
        summary: "Reports a review of the caller with a reason, for an administrator to keep or hide; once per review",
        params: idParams,
        body: reviewReasonSchema,
        response: { 200: expertReviewSchema, ...errors },
      },
    },
    async (request) => reportReview(app.db, await requireUser(request), parseReviewId(request.params.id), request.body.reason),
  );
};

const adminReviewRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.addHook('onRequest', roleGuard('admin'));

  const context = async (request: Parameters<typeof requireUser>[0]) => ({ ...services, admin: await requireUser(request) });

  app.get(
    '/api/admin/reviews/reported',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews reported by their expert and waiting for a decision, oldest report first',
        response: { 200: z.array(reportedReviewSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listReportedReviews(app.db),
  );

  app.put(
    '/api/admin/reviews/:id/hide',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['admin'],
        summary: "Hides a reported review with a reason: off the profile and out of the expert's rating",
        params: idParams,
        body: reviewReasonSchema,
        response: { 200: expertReviewSchema, ...errors },
      },
    },
    async (request) => moderateReview(await context(request), parseReviewId(request.params.id), 'hide', request.body.reason),
  );

  app.put(
    '/api/admin/reviews/:id/keep',
    {
      config: KEEPS_SESSIONS,
      schema: {
        tags: ['admin'],
        summary: 'Keeps a reported review published; it cannot be reported again',
        params: idParams,
        response: { 200: expertReviewSchema, ...errors },
      },
    },
    async (request) => moderateReview(await context(request), parseReviewId(request.params.id), 'keep', null),
  );
};
