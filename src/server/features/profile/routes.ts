import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, profileUpdateSchema } from '../../../common/user.js';
import { confirmEmailChangeSchema, emailChangeConfirmedSchema, emailChangeStatusSchema } from '../../../common/profile-email-change.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { requireUser } from '../../auth/guards.js';
import { updateProfile } from './service.js';
import { setTimeZone } from './time-zone.js';
import { timeZoneSettingSchema } from '../../../common/profile-time-zone.js';
import { confirmEmailChange, pendingEmailChange, type ProfileDeps } from './email-change.js';

export const profileRoutes: FastifyPluginAsyncZod<{ services: ProfileDeps }> = async (app, { services }) => {
  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "Updates the signed-in user's own profile",
        description:
          'Role and status are not part of a profile: sending them changes nothing. A new email address needs `currentPassword` and ' +
          'is not saved here: a confirmation link goes to it, and the address changes when the link is followed.',
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateProfile(services, user, request.body);
    },
  );

  app.put(
    '/api/profile/time-zone',
    {
      schema: {
        tags: ['profile'],
        summary: "Sets the signed-in user's own time zone (Settings), or clears it with null",
        description: 'An IANA zone name; e-mails about bookings give the time in it beside the booking\'s own. An unknown zone is 400.',
        body: timeZoneSettingSchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setTimeZone(services, user, request.body);
    },
  );

  app.get(
    '/api/profile/email-change',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's change of email address waiting for its confirmation link, if any",
        response: { 200: emailChangeStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { pending: await pendingEmailChange(services, user.id) };
    },
  );

  app.post(
    '/api/profile/email-change/confirm',
    {
      schema: {
        tags: ['profile'],
        summary: 'Follows the confirmation link sent to a new email address: the change applies',
        description:
          'Needs no session: the link is the proof. 404 unknown link, 409 already used or address taken, 410 expired or replaced, ' +
          '429 too many links tried from one client address (10 in 10 minutes).',
        body: confirmEmailChangeSchema,
        response: { 200: emailChangeConfirmedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => confirmEmailChange(services, request.body.token, request.ip),
  );
};
