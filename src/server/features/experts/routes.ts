import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expertListQuerySchema, expertSchema, type Expert } from '../../../common/experts.js';
import { apiErrorSchema } from '../../../common/api-error.js';
import { getExpert } from './service.js';
import type { ListingCache } from './listing-cache.js';
import { requireRole } from '../../auth/guards.js';
import { preferredEncoding } from '../../http/content-encoding.js';
import { AppError } from '../../core/app-error.js';
import type { PhotoStore } from '../../storage/photo-store.js';

export const expertRoutes: FastifyPluginAsyncZod<{ listings: ListingCache; photos: PhotoStore }> = async (app, { listings, photos }) => {
  app.get(
    '/api/experts',
    {
      schema: {
        tags: ['experts'],
        summary: 'Approved experts, filtered, sorted and paged on the server',
        description:
          'Answers an array of experts. X-Total-Count carries the number of matches, counted up to 1,000: ' +
          'a larger count is sent as 1000 with X-Total-Count-Capped: true. X-Next-Cursor, when there is a next ' +
          'page, is its cursor: pass it as cursor (with the same filters and sort) for the next page; ' +
          'offset also works, but a cursor stays fast however deep the page.',
        querystring: expertListQuerySchema,
        response: { 200: z.array(expertSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { page, count } = await listings.get(request.query);
      reply.header('X-Total-Count', String(count.total)).header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      if (count.capped) reply.header('X-Total-Count-Capped', 'true');
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      // The cached page is bytes, sent as they are: no re-serialising, and each compressed form is made
      // once per cache entry rather than once per request.
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(page.bytes(encoding) as unknown as Expert[]);
    },
  );

  app.get(
    '/api/experts/:id',
    {
      schema: {
        tags: ['experts'],
        summary: 'One approved expert',
        params: z.object({ id: z.string() }),
        response: { 200: expertSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getExpert(app.db, request.params.id),
  );

  app.post(
    '/api/experts/me/presence',
    {
      schema: {
        tags: ['experts'],
        summary: "Heartbeat of a signed-in expert's open app; keeps them shown as online",
        response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Resolving the user records the activity (see app.ts); the role check keeps this endpoint to experts.
      await requireRole(request, 'expert');
      return reply.status(204).send(null);
    },
  );

  // The stored expert photos, for everyone (the listings show them). Each upload gets a new name, so an
  // answer never changes and may be cached for a year.
  app.get(
    '/api/expert-photos/:name',
    {
      schema: {
        tags: ['experts'],
        summary: "An expert's profile photo (JPEG)",
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const bytes = await photos.get(request.params.name);
      if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found');
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
};
