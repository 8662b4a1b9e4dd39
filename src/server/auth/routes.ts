import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUserSchema } from '../../common/user.js';
import { apiErrorSchema } from '../../common/api-error.js';
import { safeReturnTo } from '../../common/auth-forms.js';
import type { Auth } from './auth.js';
import { authHeaders } from './current-user.js';
import { requireUser } from './guards.js';

/** Copies a web Response from Better Auth onto the Fastify reply, each Set-Cookie header separately. */
async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await response.text();
  return reply.send(body || null);
}

function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const url = new URL(request.url, baseUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: authHeaders(request),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; baseUrl: string }> = async (app, { auth, baseUrl }) => {
  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => requireUser(request),
  );

  // Better Auth serves everything else under /api/auth (sign-up, sign-in, sign-out, passwords, sessions).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => sendWebResponse(reply, await auth.handler(toWebRequest(request, baseUrl))),
  });

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Full-page navigation to the sign-in page',
        querystring: z.object({ returnTo: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  app.get(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'Ends the session and goes home' } },
    async (request, reply) => {
      // A GET that changes state: only honour it from our own pages or a typed address, never from another site.
      const site = request.headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin' || site === 'none') {
        const { headers } = await auth.api
          .signOut({ headers: authHeaders(request), returnHeaders: true })
          .catch(() => ({ headers: new Headers() }));
        const cookies = headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
      }
      return reply.redirect('/');
    },
  );
};
