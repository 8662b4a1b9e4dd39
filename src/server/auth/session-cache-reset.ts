import type { FastifyInstance } from 'fastify';
import type { SessionCache } from './session-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes no user and ends no session, so the session cache outlives its requests. */
    keepsSessions?: boolean;
  }
}

/** The route config of state-changing routes that change no user and end no session (bookings, messages). */
export const KEEPS_SESSIONS = { keepsSessions: true } as const;

/**
 * Any other state-changing request may have changed a user or ended a session (sign-out, a password, an
 * administrator's edit, a role): once it has done its work, this server looks every session up afresh.
 * The matched route decides, never the URL; a request no route matched keeps nothing.
 */
export function registerSessionCacheReset(app: FastifyInstance, sessions: SessionCache) {
  app.addHook('onSend', (request, _reply, payload, done) => {
    const changes = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (changes && !request.routeOptions.config.keepsSessions) sessions.clear();
    done(null, payload);
  });
}
