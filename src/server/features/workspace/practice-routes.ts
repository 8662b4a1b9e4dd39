import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../feature-deps.js';

/** The expert's practice: profile, rates, hours, days off, photo (registered inside the guarded workspace plugin). */
export const workspacePracticeRoutes: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
