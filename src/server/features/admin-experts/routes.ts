import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  adminExpertDetailSchema,
  adminExpertSchema,
  decisionReasonSchema,
  reinstateSchema,
  suspendedExpertSchema,
} from '../../../common/admin-experts.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import type { ServiceContext } from '../../core/service-context.js';
import { getAdminExpertDetail, listAdminExperts, parseExpertId } from './read-admin-experts.js';
import { approveExpert } from './approve-expert.js';
import { suspendExpert } from './suspend-expert.js';
import { reinstateExpert } from './reinstate-expert.js';
import { rejectApplication } from './reject-application.js';
import type { ExpertDecisionContext } from './expert-decision.js';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** /api/admin/experts, behind the administrators' guard. */
export const adminExpertRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.addHook('onRequest', roleGuard('admin'));

  // The plugin's guard has already admitted the caller; this reads who they are, for the record.
  const decisionContext = async (request: FastifyRequest): Promise<ExpertDecisionContext> => ({
    ...services,
    admin: await requireUser(request),
  });

  app.get(
    '/api/admin/experts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every expert with their status: pending applications first, then newest first',
        response: { 200: z.array(adminExpertSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listAdminExperts(app.db),
  );

  app.get(
    '/api/admin/experts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One expert, their latest application in full, and every decision about them',
        params: idParams,
        response: { 200: adminExpertDetailSchema, ...errors },
      },
    },
    async (request) => getAdminExpertDetail(app.db, parseExpertId(request.params.id)),
  );

  app.put(
    '/api/admin/experts/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approves a pending expert: listed, and their account becomes an expert account',
        params: idParams,
        response: { 200: adminExpertSchema, ...errors },
      },
    },
    async (request) => approveExpert(await decisionContext(request), parseExpertId(request.params.id)),
  );

  app.put(
    '/api/admin/experts/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: "Suspends an approved expert with a reason: hidden and unbookable; their upcoming bookings are cancelled",
        params: idParams,
        body: decisionReasonSchema,
        response: { 200: suspendedExpertSchema, ...errors },
      },
    },
    async (request) => suspendExpert(await decisionContext(request), parseExpertId(request.params.id), request.body.reason),
  );

  app.put(
    '/api/admin/experts/:id/reinstate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lists a suspended expert again; the reason is optional',
        params: idParams,
        body: reinstateSchema,
        response: { 200: adminExpertSchema, ...errors },
      },
    },
    async (request) => reinstateExpert(await decisionContext(request), parseExpertId(request.params.id), request.body.reason),
  );

  app.put(
    '/api/admin/experts/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rejects a pending application with a reason; the person may apply again',
        params: idParams,
        body: decisionReasonSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await rejectApplication(await decisionContext(request), parseExpertId(request.params.id), request.body.reason);
      return reply.status(204).send(null);
    },
  );
};
