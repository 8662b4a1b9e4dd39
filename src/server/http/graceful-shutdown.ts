import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** How long requests already received may take to finish after SIGTERM before their connections are cut. */
const DRAIN_DEADLINE_MS = 8_000;
/** How long a socket told keep-alive just before the shutdown may stay idle, for a request already on its way. */
const KEPT_ALIVE_GRACE_MS = 500;

/**
 * Lets a shutdown answer every request it already received and close every keep-alive socket as soon as
 * it carries no request. server.close() (called by app.close()) closes the sockets idle at that moment
 * but keeps the others open after their response, until the client sends again or the keep-alive
 * timeout (72 s) ends: so from `begin()` every response not yet started says `Connection: close`, and a
 * socket whose response had already gone out with keep-alive is closed after a short grace when no
 * request follows. Requests that arrive on a kept-alive socket meanwhile are served (Fastify's
 * return503OnClosing is off) with `Connection: close`.
 */
export function gracefulShutdown(server: Server, log: FastifyBaseLogger) {
  const unfinished = new Set<ServerResponse>();
  let closing = false;
  let cut = 0;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing) response.setHeader('connection', 'close');
    unfinished.add(response);
    response.once('close', () => {
      unfinished.delete(response);
      // A response that went out with keep-alive before the shutdown began: its client may already be
      // sending the next request on this socket (served with `Connection: close`); if none comes, the
      // socket is closed after a short grace instead of the 72 s keep-alive timeout. Only idle sockets
      // are closed: never one with a request on it.
      if (closing) setTimeout(() => server.closeIdleConnections(), KEPT_ALIVE_GRACE_MS).unref();
    });
  });
  return {
    begin() {
      closing = true;
      for (const response of unfinished) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      setTimeout(() => {
        cut = unfinished.size;
        log.warn({ requests: cut }, `requests still running after ${DRAIN_DEADLINE_MS / 1000} s; closing their connections`);
        server.closeAllConnections();
      }, DRAIN_DEADLINE_MS).unref();
    },
    /** Requests whose connections the drain deadline cut. */
    cut: () => cut,
  };
}
