import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { bookingFollowUpSchema, SUMMARY_AMEND_DAYS, writeFollowUpSummarySchema } from '../../../common/follow-up-summary.js';
import { requireUser } from '../../auth/guards.js';
import type { ServiceContext } from '../../core/service-context.js';
import { readFollowUp } from './read-summary.js';
import { writeFollowUpSummary } from './write-summary.js';

const idParams = z.object({ id: z.string() });

export const followUpSummaryRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.get(
    '/api/bookings/:id/summary',
    {
      schema: {
        tags: ['bookings'],
        summary: "A booking's follow-up summary (video) or service report (onsite), for its owner, its expert or an administrator, and whether the caller may write it now",
        params: idParams,
        response: { 200: bookingFollowUpSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => readFollowUp(services.db, await requireUser(request), request.params.id, services.now()),
  );

  app.put(
    '/api/bookings/:id/summary',
    {
      schema: {
        tags: ['bookings'],
        summary: "The booking's expert writes or amends the follow-up summary or service report; the owner is e-mailed each new version",
        description:
          `Confirmed or completed bookings, from the start until ${SUMMARY_AMEND_DAYS} days after the end. ` +
          '`markCompleted: true` also completes a confirmed booking in the same transaction. Saving unchanged text changes nothing and sends nothing.',
        params: idParams,
        body: writeFollowUpSummarySchema,
        response: { 200: bookingFollowUpSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => writeFollowUpSummary(services, await requireUser(request), request.params.id, request.body),
  );
};
