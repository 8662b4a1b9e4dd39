import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request that does not come from our own origin (CSRF defence on top of
 * SameSite=Lax cookies). A request with no Origin is refused when it carries cookies: browsers always
 * send Origin on cross-site writes, and cookie-less callers (the local CLI) have nothing to forge.
 * No path decides: every route that changes state is under /api and any other write is a 404, while a
 * prefix test read the raw address, which `/%61pi/...` or `/x/../api/...` spell differently from the
 * route that answers them.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigin: string) {
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const origin = request.headers.origin;
    const allowed = origin ? origin === allowedOrigin : !request.headers.cookie;
    // Answered here, the request goes no further (a callback hook that answers does not call done).
    if (!allowed) return void reply.status(403).send({ message: 'Cross-origin request refused.' });
    done();
  });
}
