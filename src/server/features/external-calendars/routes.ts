import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  addExternalCalendarSchema,
  calendarIdParamsSchema,
  externalCalendarSchema,
  workspaceCalendarsSchema,
} from '../../../common/external-calendars.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { addOwnCalendar, listOwnCalendars, removeOwnCalendar, type CalendarServiceDeps } from './own-calendars.js';

const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The expert's outside calendars, /api/workspace/calendars, behind the experts' guard: their own only
 * (docs/PRODUCT.md#calendars).
 */
export const externalCalendarRoutes: FastifyPluginAsyncZod<{ deps: CalendarServiceDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', roleGuard('expert'));

  app.get(
    '/api/workspace/calendars',
    {
      schema: {
        tags: ['workspace'],
        summary: "The expert's outside calendars, with how each was last read, and their busy times of the coming week (no titles)",
        response: { 200: workspaceCalendarsSchema, ...readErrors },
      },
    },
    async (request) => listOwnCalendars(deps, await requireUser(request)),
  );

  app.post(
    '/api/workspace/calendars',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Adds an outside calendar by its ICS address (https or webcal, up to 3); it is read at once, then every 15 minutes',
        body: addExternalCalendarSchema,
        response: { 201: externalCalendarSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...readErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addOwnCalendar(deps, await requireUser(request), request.body)),
  );

  app.delete(
    '/api/workspace/calendars/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Removes an outside calendar and the busy times read from it',
        params: calendarIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      await removeOwnCalendar(deps, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
