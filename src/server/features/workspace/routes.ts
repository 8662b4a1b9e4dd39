import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.js';
import { workspaceBookingRoutes } from './bookings-routes.js';
import { workspacePracticeRoutes, type WorkspaceOptions } from './practice-routes.js';
import { workspaceReviewRoutes } from '../reviews/routes.js';

/**
 * The expert workspace under /api/workspace, behind one guard for role expert that runs before the
 * request is parsed. Every route acts on the caller's own expert profile and its bookings only.
 */
export const workspaceRoutes: FastifyPluginAsyncZod<WorkspaceOptions> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'expert');
  });
  // The children inherit this plugin's prefix; passing it on again would double it.
  const { deps, listings, photos } = options;
  await app.register(workspaceBookingRoutes, { deps, listings });
  await app.register(workspacePracticeRoutes, { deps, listings, photos });
  await app.register(workspaceReviewRoutes, { deps, listings });
};
