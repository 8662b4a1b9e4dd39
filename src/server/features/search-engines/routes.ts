import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import { compressBody, preferredEncoding } from '../../http/content-encoding.js';
import { ExpiringMap } from '../../core/expiring-map.js';
import { findExpert } from '../experts/index.js';
import { expertCardPng, expertCardSvg } from './expert-card.js';
import { robotsTxt } from './robots.js';
import { PAGES_SITEMAP_PATH, expertsSitemap, pagesSitemap, sitemapIndex } from './sitemap.js';

export interface SearchEngineOptions {
  /** The site's public address, without a trailing slash: sitemaps hold absolute addresses. */
  baseUrl: string;
}

/** Sitemaps are read from the database on each request: a crawler may keep a copy for five minutes. */
const SITEMAP_CACHE = 'public, max-age=300';

/** An XML answer, compressed when the crawler accepts it: an experts' sitemap is megabytes of text. */
function sendXml(request: FastifyRequest, reply: FastifyReply, xml: string) {
  reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).header('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(xml);
  return reply.header('content-encoding', encoding).send(compressBody(xml, encoding));
}

/** What crawlers read to find the public pages: robots.txt, the sitemap index and its sitemaps. */
export const searchEngineRoutes: FastifyPluginAsyncZod<SearchEngineOptions> = async (app, { baseUrl }) => {
  const robots = robotsTxt(baseUrl);
  const pages = pagesSitemap(baseUrl);

  app.get('/robots.txt', { schema: { tags: ['search engines'], summary: 'What crawlers may visit, and where the sitemap is' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['search engines'], summary: "The sitemap index: the public pages' sitemap and the experts' sitemaps" } },
    async (request, reply) => sendXml(request, reply, await sitemapIndex(app.db, baseUrl)),
  );

  app.get(PAGES_SITEMAP_PATH, { schema: { tags: ['search engines'], summary: 'The public pages other than the experts’' } }, async (request, reply) =>
    sendXml(request, reply, pages),
  );

  // A card is drawn once for what it shows (the SVG is the key), and kept a while: previews fetch it again.
  const cards = new ExpiringMap<string, Promise<Buffer>>(10 * 60_000, { maxEntries: 200, maxBytes: Infinity });
  app.get(
    '/cards/expert-:id.png',
    {
      schema: {
        tags: ['search engines'],
        summary: "An approved expert's link preview picture: name, specialty, place, rating and rates",
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const expert = await findExpert(app.db, String(request.params.id));
      if (!expert) throw new AppError('NOT_FOUND', 'Expert not found');
      const svg = expertCardSvg(expert);
      let png = cards.get(svg, Date.now());
      if (!png) {
        png = expertCardPng(expert);
        png.catch(() => cards.delete(svg, png));
        cards.set(svg, png, Date.now());
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await png);
    },
  );

  app.get(
    '/sitemaps/experts-:file.xml',
    {
      schema: {
        tags: ['search engines'],
        summary: "One sitemap of approved experts' profiles, 50,000 at most, in id order",
        params: z.object({ file: z.coerce.number().int().min(1).max(1_000_000) }),
      },
    },
    async (request, reply) => {
      const xml = await expertsSitemap(app.db, baseUrl, request.params.file);
      if (xml === null) throw new AppError('NOT_FOUND', 'There is no such sitemap.');
      return sendXml(request, reply, xml);
    },
  );
};
