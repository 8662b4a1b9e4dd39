import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { PhotoStore } from './photo-store.js';

/**
 * Serves the stored expert photos to everyone (the listings show them). Each upload gets a new name, so
 * an answer never changes and may be cached for a year.
 */
export const expertPhotoRoutes: FastifyPluginAsyncZod<{ photos: PhotoStore }> = async (app, { photos }) => {
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
