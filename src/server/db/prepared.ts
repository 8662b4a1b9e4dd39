import pg from 'pg';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** What both drivers' clients answer a query with. */
interface QueryClient {
  query(text: string | pg.QueryConfig, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The driver's client under a drizzle handle: the transaction's connection, or the pool (PGlite itself). */
function clientOf(db: Database): QueryClient {
  if (db instanceof PgTransaction) return (db as unknown as { session: { client: QueryClient } }).session.client;
  return (db as unknown as { $client: QueryClient }).$client;
}

/**
 * A hand-written statement that PostgreSQL parses and plans once per connection (a named statement of
 * the extended protocol) rather than for every request: for the statements the busiest writes send, whose
 * text a query builder would build again each time. PGlite, in this process, has no per-connection cache
 * to keep: it is sent as text. Rows come back as the driver gives them (timestamps as Date, JSON parsed).
 */
export function preparedStatement<Row>(name: string, text: string) {
  return async (db: Database, values: unknown[]): Promise<Row[]> => {
    const client = clientOf(db);
    const named = client instanceof pg.Client || client instanceof pg.Pool;
    const { rows } = await (named ? client.query({ name, text, values }) : client.query(text, values));
    return rows as Row[];
  };
}
