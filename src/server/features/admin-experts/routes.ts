import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../feature-deps.js';

/** /api/admin/experts: registered inside the admin plugin, which guards it. */
export const adminExpertRoutes: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
