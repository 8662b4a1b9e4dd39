import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import {
  contactListQuerySchema,
  contactMessageSchema,
  contactMessageViewSchema,
  contactParamsSchema,
  contactReplySchema,
  contactSentSchema,
} from '../../../common/contact.js';
import { requireUser, roleGuard } from '../../auth/guards.js';
import type { ServiceContext } from '../../core/service-context.js';
import { sendContactMessage } from './send-message.js';
import { closeContactMessage, listContactMessages, readContactMessage, replyToContactMessage } from './contact-queue.js';

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** 'Contact Us': anyone sends a message (docs/PRODUCT.md#contact-us); administrators answer from the queue. */
export const contactRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to the administrators',
        description:
          'Signed in: answered at the account address, with an acknowledgement now; `email` is ignored, and `bookingId` must be one of the caller\'s bookings (404 otherwise). ' +
          'Signed out: `email` is required and nothing is sent to it now. 5 an hour per account and per client address (429 with Retry-After).',
        body: contactMessageSchema,
        response: { 201: contactSentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const sent = await sendContactMessage(services, { user, clientAddress: request.ip }, request.body);
      return reply.status(201).send(sent);
    },
  );

  await app.register(adminContactRoutes, { services });
};

/** The queue, behind the administrators' guard. */
const adminContactRoutes: FastifyPluginAsyncZod<{ services: ServiceContext }> = async (app, { services }) => {
  app.addHook('onRequest', roleGuard('admin'));

  app.get(
    '/api/admin/contact',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Contact messages of one status with their replies: open oldest first, the others newest first',
        querystring: contactListQuerySchema,
        response: { 200: z.array(contactMessageViewSchema), ...adminErrors },
      },
    },
    async (request) => listContactMessages(services.db, request.query.status),
  );

  app.get(
    '/api/admin/contact/:id',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'One contact message with its replies',
        params: contactParamsSchema,
        response: { 200: contactMessageViewSchema, ...adminErrors },
      },
    },
    async (request) => readContactMessage(services.db, request.params.id),
  );

  app.post(
    '/api/admin/contact/:id/reply',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'E-mails a reply to the sender and marks the message answered',
        description:
          "A signed-out sender's typed address is e-mailed only with `toTypedAddress: true` (400 otherwise). 409 for a closed message.",
        params: contactParamsSchema,
        body: contactReplySchema,
        response: { 200: contactMessageViewSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request) => replyToContactMessage(services, await requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/contact/:id/close',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Closes a contact message (closing a closed one changes nothing)',
        params: contactParamsSchema,
        response: { 200: contactMessageViewSchema, ...adminErrors },
      },
    },
    async (request) => closeContactMessage(services, await requireUser(request), request.params.id),
  );
};
