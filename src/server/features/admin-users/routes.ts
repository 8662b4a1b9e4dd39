import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUserUpdateSchema,
} from '../../../common/admin-users.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireUser } from '../../auth/guards.js';
import type { FeatureDeps } from '../feature-deps.js';
import { listUsers } from './list-users.js';
import { updateUser } from './update-user.js';
import { deleteUser } from './delete-user.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/admin/users: registered inside the admin plugin, whose one guard lets only administrators in. */
export const adminUserRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { deps, listings }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first, filtered by search text (name or e-mail), role and status',
        description: 'Deleted accounts are not listed. The header X-Total-Count carries the number of all matches.',
        querystring: adminUserListQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { users, total } = await listUsers(deps.db, request.query);
      reply.header('X-Total-Count', String(total));
      return users;
    },
  );

  app.patch(
    '/users/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: "Edits an account's name, e-mail, phone, role and status",
        description:
          'Deactivating ends the sessions. 409 when an administrator would remove their own rights or the last ' +
          'administrator, for role expert without an expert profile, for an approved expert, and for a taken e-mail.',
        params: adminUserParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      return updateUser(deps.db, { actorId: actor.id, userId: request.params.userId, input: request.body });
    },
  );

  app.delete(
    '/users/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an account: the person is anonymised, their bookings stay for the other side',
        params: adminUserParamsSchema,
        response: { 204: z.null(), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const { expertSuspended } = await deleteUser(deps, { actorId: actor.id, userId: request.params.userId });
      if (expertSuspended) listings.clear();
      return reply.status(204).send(null);
    },
  );
};
