import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { AppError } from '../core/app-error.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics: the process, and the duration of every request by method, route pattern and status.
 * Registered on the root instance, so the hook sees every route, not only those of one plugin. With
 * METRICS_TOKEN set, `/metrics` answers only `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern ('/api/bookings/:id'), never the raw address: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics (Bearer METRICS_TOKEN when set)' } }, async (request, reply) => {
    if (options.token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, options.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 'Metrics need the operator token: Authorization: Bearer <METRICS_TOKEN>.');
      }
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
