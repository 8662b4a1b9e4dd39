import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { applicationStatusSchema, applicationSummarySchema, expertApplicationSchema } from '../../../common/expert-application.js';
import { requireUser } from '../../auth/guards.js';
import type { ServiceContext } from '../../core/service-context.js';
import { submitApplication } from './submit-application.js';
import { latestApplication } from './read-application.js';

/** POST /api/expert/apply: any signed-in account applies to become an expert; GET shows where it stands. */
export const expertApplicationRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.post(
    '/api/expert/apply',
    {
      // Signed-out callers hear 401 before their body is read, not a validation error.
      onRequest: async (request) => {
        await requireUser(request);
      },
      schema: {
        tags: ['expert application'],
        summary: 'Applies to become an expert',
        description:
          'Creates the application and a pending expert profile, hidden from listings until an administrator approves it. status, rating and reviewCount in the body are ignored.',
        body: expertApplicationSchema,
        response: { 201: applicationSummarySchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const summary = await submitApplication(services, user, request.body);
      return reply.status(201).send(summary);
    },
  );

  app.get(
    '/api/expert/application',
    {
      schema: {
        tags: ['expert application'],
        summary: "The caller's latest expert application and the decision on it",
        response: { 200: applicationStatusSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => latestApplication(app.db, (await requireUser(request)).id),
  );
};
