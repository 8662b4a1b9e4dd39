import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { calendarFeedLinkSchema, calendarFeedStatusSchema } from '../../../common/calendar-feed.js';
import { requireUser } from '../../auth/guards.js';
import { feedAnswer, type FeedAnswerDeps } from './feed-answer.js';
import { createFeedLink, feedStatus, resetFeedLink } from './feed-link.js';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * The account's private calendar feed (docs/PRODUCT.md#calendars): the feed itself at /calendar/, which
 * calendar apps read without a session (the address is the secret), and its address under /api/calendar-feed.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ deps: FeedAnswerDeps }> = async (app, { deps }) => {
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar feed'],
        summary: "An account's private calendar feed (iCalendar): bookings and maintenance due; 304 when unchanged, 404 for any other address",
        params: z.object({ file: z.string() }),
        headers: z.object({ 'if-none-match': z.string().optional(), 'if-modified-since': z.string().optional() }),
        // 200 is text/calendar.
        response: { 200: z.string(), 304: z.null(), 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await feedAnswer(deps, request.params.file, {
        ifNoneMatch: request.headers['if-none-match'],
        ifModifiedSince: request.headers['if-modified-since'],
      });
      reply
        .header('etag', answer.etag)
        .header('last-modified', answer.lastModified.toUTCString())
        // Calendar apps keep the feed and ask again with its ETag; no shared cache may keep a private feed.
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex');
      // No body at all, not even JSON's null (the typed reply insists on one).
      if (answer.status === 304) return (reply as FastifyReply).status(304).send();
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="kb-marine.ics"').send(answer.text);
    },
  );

  app.get(
    '/api/calendar-feed',
    { schema: { tags: ['calendar feed'], summary: 'Whether the account has a calendar feed (its address is shown only when made)', response: { 200: calendarFeedStatusSchema, 401: apiErrorSchema } } },
    async (request) => feedStatus(deps.db, await requireUser(request)),
  );

  app.post(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['calendar feed'],
        summary: "Makes the account's calendar feed and answers its address, this once (409 when there is one)",
        response: { 201: calendarFeedLinkSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFeedLink(deps, await requireUser(request))),
  );

  app.post(
    '/api/calendar-feed/reset',
    {
      schema: {
        tags: ['calendar feed'],
        summary: 'Gives the calendar feed a new address; the old one answers 404 at once',
        response: { 200: calendarFeedLinkSchema, ...errors },
      },
    },
    async (request) => resetFeedLink(deps, await requireUser(request)),
  );
};
