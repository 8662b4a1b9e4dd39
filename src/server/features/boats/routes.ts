import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { ROLES } from '../../../common/roles.js';
import {
  BOAT_MESSAGES,
  boatFormSchema,
  boatNoteFormSchema,
  boatSchema,
  engineHoursSchema,
  HISTORY_PAGE,
  historyPageQuerySchema,
  historyPageSchema,
  ownerEngineHoursSchema,
  serviceHistoryEntrySchema,
} from '../../../common/boats.js';
import { expertHoursRefusal } from '../../../common/boats-engine-hours.js';
import { completeTaskSchema, maintenanceTaskFormSchema, maintenanceTaskSchema, snoozeTaskSchema } from '../../../common/maintenance.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { inTransaction } from '../../db/transaction.js';
import { multipartError } from '../../http/multipart-errors.js';
import { IDEMPOTENCY_KEY_DESCRIPTION, idempotencyKeyHeaders } from '../../idempotency/idempotency-key.js';
import type { PhotoStore } from '../../storage/photo-store.js';
import { bookingAccess } from '../bookings/index.js';
import { boatAccess, boatNotFound, ownBoat, toBoat } from './boat-record.js';
import { createBoat, listBoats, recordEngineHours, removeBoat, updateBoat } from './boats.js';
import { readBoatPhoto, removeBoatPhotoFile, setBoatPhoto } from './boat-photo.js';
import { addNote, boatHistory, removeNote } from './service-history.js';
import { addTask, completeTask, editTask, listTasks, removeTask, snoozeTask, upcomingTasks } from './maintenance-tasks.js';
import { ServiceRecords } from './service-record.js';

const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const boatParams = z.object({ id: z.string() });
const taskParams = z.object({ id: z.string(), taskId: z.string() });
const noteParams = z.object({ id: z.string(), noteId: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const boatReply = z.object({ boat: boatSchema });
const taskReply = z.object({ task: maintenanceTaskSchema });

/** An owner's boats, their photos, schedules and service history (docs/PRODUCT.md#my-boats). */
export const boatRoutes: FastifyPluginAsyncZod<{ services: ServiceContext; photos: PhotoStore }> = async (app, { services, photos }) => {
  // Signed-out callers are refused before any body is read.
  app.addHook('onRequest', roleGuard(...ROLES));
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const tags = ['boats'];
  const serviceRecords = new ServiceRecords(services);
  app.addHook('onClose', () => serviceRecords.close());

  app.get('/api/boats', { schema: { tags, summary: "The caller's boats", response: { 200: z.object({ boats: z.array(boatSchema) }), 401: apiErrorSchema } } }, async (request) => ({
    boats: await listBoats(services.db, await requireUser(request)),
  }));

  app.post(
    '/api/boats',
    {
      schema: {
        tags,
        summary: 'Adds a boat, with a maintenance schedule from the templates for its propulsion and engines',
        description: IDEMPOTENCY_KEY_DESCRIPTION,
        body: boatFormSchema,
        headers: idempotencyKeyHeaders,
        response: { 200: boatReply, 201: boatReply, ...errors },
      },
    },
    async (request, reply) => {
      const { boat, replayed } = await createBoat(services, await requireUser(request), request.body, request.headers['idempotency-key']);
      return reply.status(replayed ? 200 : 201).send({ boat });
    },
  );

  app.get(
    '/api/boats/:id',
    { schema: { tags, summary: 'One boat (its owner and administrators; 404 for anyone else)', params: boatParams, response: { 200: boatReply, ...errors } } },
    async (request) => ({ boat: toBoat((await boatAccess(services.db, await requireUser(request), request.params.id, { admins: true })).row) }),
  );

  app.put(
    '/api/boats/:id',
    { schema: { tags, summary: "Changes a boat's details (its owner)", params: boatParams, body: boatFormSchema, response: { 200: boatReply, ...errors } } },
    async (request) => ({ boat: await updateBoat(services, await requireUser(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/boats/:id',
    { schema: { tags, summary: 'Removes a boat from My Boats; its bookings keep their copy of it', params: boatParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const removed = await removeBoat(services, await requireUser(request), request.params.id);
      await removeBoatPhotoFile(photos, removed.photoName);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/boats/:id/photo',
    {
      schema: {
        tags,
        summary: "Sets the boat's photo (multipart, one file field `photo`: JPEG, PNG, WebP or HEIC up to 10 MB)",
        consumes: ['multipart/form-data'],
        params: boatParams,
        response: { 200: boatReply, 413: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await ownBoat(services.db, user.id, request.params.id))) throw boatNotFound();
      if (!request.isMultipart()) throw AppError.onField('photo', BOAT_MESSAGES.photo);
      let photo: Buffer | undefined;
      try {
        photo = await (await request.file())?.toBuffer();
      } catch (error) {
        const mapped = multipartError(error);
        if (mapped?.code === 'PAYLOAD_TOO_LARGE' && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', BOAT_MESSAGES.photoTooLarge, { photo: BOAT_MESSAGES.photoTooLarge });
        }
        throw mapped ?? error;
      }
      if (!photo || photo.length === 0) throw AppError.onField('photo', BOAT_MESSAGES.photo);
      return { boat: await setBoatPhoto(services, photos, user, request.params.id, photo) };
    },
  );

  app.delete(
    '/api/boats/:id/photo',
    { schema: { tags, summary: "Removes the boat's photo", params: boatParams, response: { 200: boatReply, ...errors } } },
    async (request) => ({ boat: await setBoatPhoto(services, photos, await requireUser(request), request.params.id, null) }),
  );

  app.get(
    '/api/boats/:id/photo',
    { schema: { tags, summary: "The boat's photo (JPEG): its owner and administrators", params: boatParams, response: { 200: z.any().describe('image/jpeg'), ...errors } } },
    async (request, reply) => {
      const bytes = await readBoatPhoto(services, photos, await requireUser(request), request.params.id);
      // Private; its address changes with the photo, so the browser may keep it.
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400, immutable').send(bytes);
    },
  );

  app.post(
    '/api/boats/:id/engine-hours',
    {
      schema: {
        tags,
        summary: 'Records the engine hours, one figure per engine in order (its owner); a correction may lower them, with a note saying why',
        params: boatParams,
        body: ownerEngineHoursSchema,
        response: { 200: boatReply, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const boat = await inTransaction(services.db, async (tx) => {
        const { row } = await boatAccess(tx, user, request.params.id, { forUpdate: true });
        return recordEngineHours(tx, row, request.body, { userId: user.id, role: 'owner' }, services.now());
      });
      return { boat };
    },
  );

  app.post(
    '/api/bookings/:id/engine-hours',
    {
      schema: {
        tags,
        summary: "The booking's expert records the engine hours of the boat it is for",
        description:
          "404 for anyone but the booking's parties and administrators; 403 for the owner (who records them on the boat) and administrators; 409 when the booking has no boat in My Boats, or is not confirmed or completed, or has not started, or ended more than 7 days ago.",
        params: boatParams,
        body: engineHoursSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await inTransaction(services.db, async (tx) => {
        // The booking's row lock: a cancellation waits for this reading, or this reading sees it.
        const access = await bookingAccess(tx, user, request.params.id, { forUpdate: true });
        if (access.role !== 'expert') throw new AppError('FORBIDDEN', "Only the booking's expert records engine hours here.");
        const { booking, expert } = access.record;
        const now = services.now();
        const refusal = expertHoursRefusal(booking, now);
        if (refusal) throw new AppError('CONFLICT', refusal);
        const row = booking.boatId ? await ownBoat(tx, booking.userId, booking.boatId, { forUpdate: true }) : null;
        if (!row) throw new AppError('CONFLICT', 'This booking has no boat in My Boats to record hours for.');
        await recordEngineHours(tx, row, request.body, { userId: user.id, role: 'expert', bookingId: booking.id, expertName: expert.name }, now);
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/boats/:id/history',
    {
      schema: {
        tags,
        summary: "A page of the boat's service history, newest first",
        description: `At most \`limit\` entries (${HISTORY_PAGE.default} unless given, up to ${HISTORY_PAGE.max}) older than the cursor \`before\`; \`nextCursor\` is where the next, older page starts, null on the last.`,
        params: boatParams,
        querystring: historyPageQuerySchema,
        response: { 200: historyPageSchema, ...errors },
      },
    },
    async (request) => boatHistory(services, await requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/boats/:id/notes',
    { schema: { tags, summary: "Adds the owner's note to the boat's history", params: boatParams, body: boatNoteFormSchema, response: { 201: z.object({ entry: serviceHistoryEntrySchema }), ...errors } } },
    async (request, reply) => reply.status(201).send({ entry: await addNote(services, await requireUser(request), request.params.id, request.body.body) }),
  );

  app.delete(
    '/api/boats/:id/notes/:noteId',
    { schema: { tags, summary: "Removes one of the owner's notes", params: noteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeNote(services, await requireUser(request), request.params.id, request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/boats/:id/service-record.pdf',
    {
      schema: {
        tags,
        summary: "The boat's service record as a PDF (details, history, schedule)",
        description: 'One at a time per caller: 429 with Retry-After while their previous one is still being made.',
        params: boatParams,
        response: { 200: z.any().describe('application/pdf'), 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, pdf } = await serviceRecords.pdf(await requireUser(request), request.params.id);
      const file = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'boat';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="service-record-${file}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/boats/:id/tasks',
    { schema: { tags, summary: "The boat's maintenance schedule, most pressing first", params: boatParams, response: { 200: z.object({ tasks: z.array(maintenanceTaskSchema) }), ...errors } } },
    async (request) => ({ tasks: await listTasks(services, await requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/boats/:id/tasks',
    { schema: { tags, summary: 'Adds a maintenance task', params: boatParams, body: maintenanceTaskFormSchema, response: { 201: taskReply, ...errors } } },
    async (request, reply) => reply.status(201).send({ task: await addTask(services, await requireUser(request), request.params.id, request.body) }),
  );

  app.put(
    '/api/boats/:id/tasks/:taskId',
    { schema: { tags, summary: 'Changes a maintenance task (its reminders follow a new due date)', params: taskParams, body: maintenanceTaskFormSchema, response: { 200: taskReply, ...errors } } },
    async (request) => ({ task: await editTask(services, await requireUser(request), request.params.id, request.params.taskId, request.body) }),
  );

  app.delete(
    '/api/boats/:id/tasks/:taskId',
    { schema: { tags, summary: 'Removes a maintenance task', params: taskParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeTask(services, await requireUser(request), request.params.id, request.params.taskId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/boats/:id/tasks/:taskId/complete',
    { schema: { tags, summary: 'Marks a task done: logged in the history, a recurring task moves on by its interval', params: taskParams, body: completeTaskSchema, response: { 200: taskReply, ...errors } } },
    async (request) => ({ task: await completeTask(services, await requireUser(request), request.params.id, request.params.taskId, request.body) }),
  );

  app.post(
    '/api/boats/:id/tasks/:taskId/snooze',
    { schema: { tags, summary: 'Moves a task to a later date', params: taskParams, body: snoozeTaskSchema, response: { 200: taskReply, ...errors } } },
    async (request) => ({ task: await snoozeTask(services, await requireUser(request), request.params.id, request.params.taskId, request.body.until) }),
  );

  app.get(
    '/api/maintenance/upcoming',
    { schema: { tags, summary: "The caller's most pressing maintenance tasks across their boats (at most 5)", response: { 200: z.object({ tasks: z.array(maintenanceTaskSchema) }), 401: apiErrorSchema } } },
    async (request) => ({ tasks: await upcomingTasks(services, await requireUser(request), 5) }),
  );
};
