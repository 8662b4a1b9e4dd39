import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityItemSchema, dashboardStatsSchema } from '../../../common/dashboard.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireUser } from '../../auth/guards.js';
import { getDashboardStats, getRecentActivity } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's counts and savings",
        response: { 200: dashboardStatsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return getDashboardStats(app.db, user.id);
    },
  );

  app.get(
    '/api/dashboard/recent-activity',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's recent activity, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: z.array(activityItemSchema), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return getRecentActivity(app.db, user.id, request.query.limit);
    },
  );
};
