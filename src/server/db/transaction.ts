import { PgTransaction } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { poolTransactionRunner, type Database, type SqlExecutor } from './client.js';

/**
 * Runs `work` in one transaction. Services take a `Database` that may already be a transaction: drizzle
 * then nests a savepoint, so a service runs the same inside or outside a caller's transaction.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const onPool = poolTransactionRunner(db);
  if (onPool) return onPool(work);
  return db.transaction((tx) => work(tx as unknown as Database));
}

/**
 * The transaction's own connection as a plain SQL executor, so a job is enqueued atomically with the
 * change that causes it (and, on PGlite, without waiting on the open transaction forever). Undefined
 * outside a transaction. drizzle keeps `session.client` internal: this is the one place that reaches it.
 */
export function transactionExecutor(db: Database): SqlExecutor | undefined {
  if (!(db instanceof PgTransaction)) return undefined;
  const client = (db as unknown as { session: { client: { query: SqlExecutor } } }).session.client;
  return (text, values) => client.query(text, values);
}

/** Lock namespaces for `pg_advisory_xact_lock(namespace, key)`. */
export const LOCKS = { bookingsOfExpert: 1, applicationsOfUser: 2, unreadEmailOfThread: 3 } as const;

/**
 * Serialises writers of one key until the transaction ends (PostgreSQL; PGlite runs one transaction at a
 * time anyway). Without it, concurrent inserts of overlapping ranges can deadlock instead of one of them
 * meeting the exclusion constraint.
 */
export async function lockForTransaction(tx: Database, namespace: number, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${key}::int)`);
}
