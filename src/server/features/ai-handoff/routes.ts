import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { bookingAiConversationSchema, nearbyExpertSchema, nearbyExpertsQuerySchema } from '../../../common/ai-handoff.js';
import { requireUser } from '../../auth/guards.js';
import { nearbyExperts } from './nearby-experts.js';
import { readAttachedConversation } from './attached-conversation.js';

/** From the assistant to an expert: the booking form's nearest experts, and the conversation attached to a booking. */
export const aiHandoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/experts/nearby',
    {
      schema: {
        tags: ['experts'],
        summary: 'Bookable experts of a service (and specialty), nearest to a US ZIP code first',
        description:
          'Approved experts taking bookings who offer serviceType (and have the specialty, when given), ordered by ' +
          'the straight-line distance between ZIP-code centroids (an offline table); experts whose ZIP code is ' +
          'unknown come last. distanceMiles is null for them. At most limit (50 unless given) experts.',
        querystring: nearbyExpertsQuerySchema,
        response: { 200: z.array(nearbyExpertSchema), 400: apiErrorSchema },
      },
    },
    async (request) => nearbyExperts(app.db, request.query),
  );

  app.get(
    '/api/bookings/:id/ai-conversation',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The assistant conversation the owner attached to the booking, as it was when booked (read only)',
        description: "For the booking's owner, its expert and administrators; anyone else gets 404. conversation is null when none was attached.",
        params: z.object({ id: z.string() }),
        response: { 200: bookingAiConversationSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ conversation: await readAttachedConversation(app.db, await requireUser(request), request.params.id) }),
  );
};
