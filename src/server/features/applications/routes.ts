import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../feature-deps.js';

/** POST /api/expert/apply: any signed-in account applies to become an expert. */
export const applicationRoutes: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
