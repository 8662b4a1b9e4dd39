import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../feature-deps.js';

/** The expert's bookings: requests to answer, upcoming and past (registered inside the guarded workspace plugin). */
export const workspaceBookingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
