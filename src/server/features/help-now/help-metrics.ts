import client from 'prom-client';
import { count, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { helpRequests } from '../../db/schema.js';
import { HELP_REQUEST_STATUSES } from '../../../common/help-now.js';

/**
 * `help_requests_total{outcome}` and the histogram `help_request_accept_seconds`, read from the database
 * at each scrape, so every server answers the same figures whichever server took the requests.
 */
export function registerHelpMetrics(registry: client.Registry, db: Database): void {
  new client.Gauge({
    name: 'help_requests_total',
    help: 'Help now requests by outcome (ringing, accepted, expired, cancelled)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const rows = await db.select({ status: helpRequests.status, n: count() }).from(helpRequests).groupBy(helpRequests.status);
      for (const outcome of HELP_REQUEST_STATUSES) this.set({ outcome }, rows.find((r) => r.status === outcome)?.n ?? 0);
    },
  });
  new client.Histogram({
    name: 'help_request_accept_seconds',
    help: 'Seconds from a Help now request to its accept',
    buckets: [5, 10, 20, 30, 60, 90, 120, 180, 300],
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ seconds: sql<number>`extract(epoch from ${helpRequests.acceptedAt} - ${helpRequests.createdAt})::float8` })
        .from(helpRequests)
        .where(isNotNull(helpRequests.acceptedAt));
      this.reset();
      for (const { seconds } of rows) this.observe(Number(seconds));
    },
  });
}
