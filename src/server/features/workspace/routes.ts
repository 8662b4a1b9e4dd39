import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.js';
import type { FeatureDeps } from '../feature-deps.js';
import { workspaceBookingRoutes } from './bookings-routes.js';
import { workspacePracticeRoutes } from './practice-routes.js';

/**
 * The expert workspace under /api/workspace, behind one guard for role expert that runs before the
 * request is parsed. Every route acts on the caller's own expert profile and its bookings only.
 */
export const workspaceRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'expert');
  });
  // Only the deps: `options` also holds this plugin's prefix, which would be applied a second time.
  const deps: FeatureDeps = { deps: options.deps, listings: options.listings };
  await app.register(workspaceBookingRoutes, deps);
  await app.register(workspacePracticeRoutes, deps);
};
