import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { isDeadlock } from './errors.js';
import { CONNECT_TIMEOUT_MS } from './postgres-pool.js';

/** Any number: the advisory lock an app server holds while it sets up the database it starts on. */
export const START_LOCK_KEY = 7_264_431_001;

/**
 * Runs `work` while this process holds the start-up lock on the PostgreSQL of `url`, on a connection of
 * its own (given to `work`): app servers starting together on one database then migrate it, seed the
 * demo data and create the job queues one at a time, so none seeds what another is seeding and none
 * creates pg-boss's tables beside another. The connection has no query time limit: waiting for the lock,
 * and a migration of a large table, may take longer than a request may.
 */
export async function holdStartLock<T>(url: string, work: (session: pg.Client) => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  session.on('error', () => {});
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    return await work(session);
  } finally {
    await session.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => {});
    await session.end().catch(() => {});
  }
}

/** The same for a database handle: the embedded database has one process, which needs no lock. */
export function withStartLock<T>(database: { url?: string }, work: () => Promise<T>): Promise<T> {
  return database.url ? holdStartLock(database.url, () => work()) : work();
}

const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs `work` again when PostgreSQL broke a deadlock by ending it: a server starting beside running ones
 * can still meet their queries on the tables it creates or changes. `work` must be safe to repeat.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt === DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      await sleep(100 * attempt);
    }
  }
}
