import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  PHOTO_MAX_BYTES,
  createDayOffSchema,
  dayOffParamsSchema,
  dayOffSchema,
  updateWorkspaceProfileSchema,
  workingHoursAnswerSchema,
  workingHoursSchema,
  workspaceBookingsSchema,
  workspaceProfileSchema,
} from '../../../common/workspace.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { AppError } from '../../core/app-error.js';
import { multipartError } from '../../http/multipart-errors.js';
import type { ServiceContext } from '../../core/service-context.js';
import { addDayOff, listDaysOff, removeDayOff } from './days-off.js';
import type { PhotoStore } from '../../storage/photo-store.js';
import { NOT_AN_IMAGE, removeProfilePhoto, setProfilePhoto } from './profile-photo.js';
import { updateWorkspaceProfile } from './update-profile.js';
import { getOwnWorkingHours, replaceWorkingHours } from './working-hours.js';
import { listWorkspaceBookings } from './list-workspace-bookings.js';
import { ownExpert } from './own-expert.js';
import { toWorkspaceProfile } from './workspace-profile.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const PHOTO_TOO_LARGE = `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one.`;

export interface WorkspaceOptions {
  services: ServiceContext;
  photos: PhotoStore;
}

/**
 * The expert workspace, /api/workspace, behind the experts' guard, which runs before the request is
 * parsed. Every route acts on the caller's own expert profile and its bookings only. (The expert's
 * reviews under /api/workspace/reviews are the reviews feature's.)
 */
export const workspaceRoutes: FastifyPluginAsyncZod<WorkspaceOptions> = async (app, options) => {
  app.addHook('onRequest', roleGuard('expert'));
  await app.register(bookingRoutes, options);
  await app.register(practiceRoutes, options);
};

/**
 * The expert's bookings and own profile. Answering, completing and no-shows go through
 * `POST /api/bookings/{id}/...`, where the state machine lives.
 */
const bookingRoutes: FastifyPluginAsyncZod<WorkspaceOptions> = async (app, { services }) => {
  app.get(
    '/api/workspace/bookings',
    {
      schema: {
        tags: ['workspace'],
        summary: "The expert's bookings: requests to answer, confirmed ones, and the newest past ones",
        response: { 200: workspaceBookingsSchema, ...readErrors },
      },
    },
    async (request) => listWorkspaceBookings(app.db, await requireUser(request), services.now()),
  );

  app.get(
    '/api/workspace/profile',
    {
      schema: {
        tags: ['workspace'],
        summary: "The caller's own expert profile, whatever its status (404 without one)",
        response: { 200: workspaceProfileSchema, ...readErrors },
      },
    },
    async (request) => toWorkspaceProfile(await ownExpert(app.db, (await requireUser(request)).id), services.now()),
  );
};

/** The expert's practice: profile, rates, hours, days off, photo. Only these routes read multipart bodies. */
const practiceRoutes: FastifyPluginAsyncZod<WorkspaceOptions> = async (app, { services, photos }) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.patch(
    '/api/workspace/profile',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Changes rates, services, radius, availability, instant booking, bio, certifications or time zone',
        body: updateWorkspaceProfileSchema,
        response: { 200: workspaceProfileSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await updateWorkspaceProfile(app.db, await requireUser(request), request.body);
      services.listings.clear();
      return profile;
    },
  );

  app.get(
    '/api/workspace/hours',
    {
      schema: {
        tags: ['workspace'],
        summary: "The weekly working hours per service type, in the expert's own zone (Sunday first)",
        response: { 200: workingHoursAnswerSchema, ...errors },
      },
    },
    async (request) => getOwnWorkingHours(app.db, await requireUser(request)),
  );

  app.put(
    '/api/workspace/hours',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Replaces the weekly working hours; new bookings are offered only inside them',
        body: workingHoursSchema,
        response: { 200: workingHoursAnswerSchema, ...errors },
      },
    },
    async (request) => replaceWorkingHours(app.db, await requireUser(request), request.body),
  );

  app.get(
    '/api/workspace/days-off',
    {
      schema: {
        tags: ['workspace'],
        summary: 'The days off from today on, local dates in the expert’s zone',
        response: { 200: z.array(dayOffSchema), ...errors },
      },
    },
    async (request) => listDaysOff(app.db, await requireUser(request), services.now()),
  );

  app.post(
    '/api/workspace/days-off',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Marks a local date off: no new bookings that day',
        body: createDayOffSchema,
        response: { 201: dayOffSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addDayOff(app.db, await requireUser(request), request.body, services.now())),
  );

  app.delete(
    '/api/workspace/days-off/:date',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Works a day off again',
        params: dayOffParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeDayOff(app.db, await requireUser(request), request.params.date);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/workspace/photo',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Uploads the profile photo (multipart, one file field `photo`, JPEG, PNG or WebP up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: workspaceProfileSchema, 413: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!request.isMultipart()) throw AppError.onField('photo', NOT_AN_IMAGE);
      let photo: Buffer | undefined;
      try {
        const file = await request.file();
        photo = await file?.toBuffer();
      } catch (error) {
        const mapped = multipartError(error);
        if (mapped?.code === 'PAYLOAD_TOO_LARGE' && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE);
        }
        throw mapped ?? error;
      }
      if (!photo || photo.length === 0) throw AppError.onField('photo', NOT_AN_IMAGE);
      const profile = await setProfilePhoto(app.db, photos, user, photo);
      services.listings.clear();
      return profile;
    },
  );

  app.delete(
    '/api/workspace/photo',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Removes the profile photo (the listings show the default picture)',
        response: { 200: workspaceProfileSchema, ...errors },
      },
    },
    async (request) => {
      const profile = await removeProfilePhoto(app.db, photos, await requireUser(request));
      services.listings.clear();
      return profile;
    },
  );
};
