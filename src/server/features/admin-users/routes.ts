import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUserUpdateSchema,
} from '../../../common/admin-users.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import type { ServiceContext } from '../../core/service-context.js';
import { listUsers } from './list-users.js';
import { updateUser } from './update-user.js';
import { deleteUser } from './delete-user.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/admin/users, behind the administrators' guard. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.addHook('onRequest', roleGuard('admin'));

  app.get(
    '/api/admin/users',
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
      const { users, total } = await listUsers(services.db, request.query);
      reply.header('X-Total-Count', String(total));
      return users;
    },
  );

  app.patch(
    '/api/admin/users/:userId',
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
      return updateUser(services.db, { actorId: actor.id, userId: request.params.userId, input: request.body });
    },
  );

  app.delete(
    '/api/admin/users/:userId',
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
      const { expertSuspended } = await deleteUser(services, { actorId: actor.id, userId: request.params.userId });
      if (expertSuspended) services.listings.clear();
      return reply.status(204).send(null);
    },
  );
};
