import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { workspaceBookingsSchema, workspaceProfileSchema } from '../../../common/workspace.js';
import { requireUser } from '../../auth/guards.js';
import type { FeatureDeps } from '../feature-deps.js';
import { listWorkspaceBookings } from './list-workspace-bookings.js';
import { ownExpert } from './own-expert.js';
import { toWorkspaceProfile } from './workspace-profile.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The expert's bookings and own profile (registered inside the guarded workspace plugin). Answering,
 * completing and no-shows go through `POST /api/bookings/{id}/...`, where the state machine lives.
 */
export const workspaceBookingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { deps }) => {
  app.get(
    '/bookings',
    {
      schema: {
        tags: ['workspace'],
        summary: "The expert's bookings: requests to answer, confirmed ones, and the newest past ones",
        response: { 200: workspaceBookingsSchema, ...errors },
      },
    },
    async (request) => listWorkspaceBookings(app.db, await requireUser(request), deps.now()),
  );

  app.get(
    '/profile',
    {
      schema: {
        tags: ['workspace'],
        summary: "The caller's own expert profile, whatever its status (404 without one)",
        response: { 200: workspaceProfileSchema, ...errors },
      },
    },
    async (request) => toWorkspaceProfile(await ownExpert(app.db, (await requireUser(request)).id), deps.now()),
  );
};
