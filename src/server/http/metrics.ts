import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/** The metrics registerMetrics collects, in Prometheus' text format; ops serves them at /metrics. */
export interface Metrics {
  /** Where features add their own figures (read at each scrape). */
  registry: client.Registry;
  contentType: string;
  read(): Promise<string>;
}

/**
 * Prometheus metrics: the process, and the duration of every request by method, route pattern and status.
 * Registered on the root instance, so the hook sees every route, not only those of one plugin.
 */
export function registerMetrics(app: FastifyInstance): Metrics {
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

  return { registry, contentType: registry.contentType, read: () => registry.metrics() };
}
