import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.js';
import type { FeatureDeps } from '../feature-deps.js';
import { adminUserRoutes } from '../admin-users/routes.js';
import { adminExpertRoutes } from '../admin-experts/routes.js';
import { adminReviewRoutes } from '../reviews/routes.js';

/**
 * Everything under /api/admin, behind one guard (401 signed out, 403 for anyone but an administrator)
 * that runs before the request is parsed: an admin route cannot forget it, and a stranger learns nothing
 * from validation errors.
 */
export const adminRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'admin');
  });
  // Only the deps: `options` also holds this plugin's prefix, which would be applied a second time.
  const deps: FeatureDeps = { deps: options.deps, listings: options.listings };
  await app.register(adminUserRoutes, deps);
  await app.register(adminExpertRoutes, deps);
  await app.register(adminReviewRoutes, deps);
};
