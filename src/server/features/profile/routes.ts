import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, profileUpdateSchema } from '../../../common/user.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireUser } from '../../auth/guards.js';
import { updateProfile } from './service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "Updates the signed-in user's own profile",
        description: 'Role and status are not part of a profile: sending them changes nothing.',
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateProfile(app.db, user.id, request.body);
    },
  );
};
