import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Filesystem } from '@electric-sql/pglite/basefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.js';
import { pgliteStartParams } from './pglite-settings.js';
import { ensurePgliteDataDir } from './pglite-data-dir.js';
import { createPostgresPool } from './postgres-pool.js';
import type { DatabaseWatchdog } from './database-watchdog.js';
import { listenOnPglite, listenOnPostgres, type Listener, type NotificationHandlers } from './notifications.js';
import { holdStartLock } from './start-lock.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A plain SQL executor (what pg-boss calls `executeSql`). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string; undefined for the embedded database. */
  url?: string;
  /** Runs SQL outside drizzle, on the same database (background jobs on PGlite use it). */
  executeSql: SqlExecutor;
  /** Applies the committed drizzle-kit migrations; re-runs are no-ops. */
  migrate(): Promise<void>;
  /** Listens to a NOTIFY channel (reconnecting on PostgreSQL); close the listener before the database. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listener>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder; without it PGlite runs in memory (tests). */
  pgliteDir?: string;
  /** Told of every call into the embedded database (the server's, see database-watchdog.ts). */
  watchdog?: DatabaseWatchdog;
  /** How PGlite reaches the files of `pgliteDir`, in place of the folder itself (tests: a disk that fills up). */
  pgliteFs?: Filesystem;
  /** An in-memory PGlite starts as a copy of this data-folder image (tests: a database migrated once per run). */
  pgliteImage?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

async function openPglite({ pgliteDir: dataDir, watchdog, pgliteFs, pgliteImage }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const startParams = pgliteStartParams();
  if (dataDir) await ensurePgliteDataDir(dataDir, startParams);
  const client = await PGlite.create({
    ...(pgliteFs ? { fs: pgliteFs } : dataDir ? { dataDir } : pgliteImage ? { loadDataDir: pgliteImage } : {}),
    extensions: { pg_trgm, btree_gist },
    startParams,
  });
  if (watchdog) {
    // Every statement, in a transaction or not, reaches the database through this one synchronous call.
    const call = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message) => watchdog.watch(() => call(message));
  }
  const db = drizzlePglite({ client, schema });
  // PGlite's query() takes one statement; scripts without parameters (pg-boss's migrations) go through exec().
  const executeSql: SqlExecutor = async (text, values) =>
    values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
  return handle(db as unknown as Database, {
    kind: 'pglite',
    executeSql,
    // One process owns a PGlite folder (see data-dir-lock.ts), so migrations cannot race here.
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    closeClient: () => client.close(),
  });
}

type TransactionRunner = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/** How `inTransaction` runs a transaction on a pooled database, by its drizzle handle (see transaction.ts). */
const poolTransactions = new WeakMap<Database, TransactionRunner>();

export function poolTransactionRunner(db: Database): TransactionRunner | undefined {
  return poolTransactions.get(db);
}

/**
 * drizzle's pool transaction sends BEGIN before its try/finally: when the connection breaks at that
 * moment (PostgreSQL restarting, a network cut), the client is never released, the pool slowly fills
 * with lost clients and `pool.end()` waits for them forever. So we check the client out ourselves and
 * always release it; the pool drops a broken one on release. Each pooled client keeps its drizzle handle.
 */
function runTransactionsOn(pool: pg.Pool): TransactionRunner {
  const handles = new WeakMap<pg.PoolClient, Database>();
  return async (work) => {
    const client = await pool.connect();
    try {
      let clientDb = handles.get(client);
      if (!clientDb) {
        clientDb = drizzlePg({ client, schema }) as unknown as Database;
        handles.set(client, clientDb);
      }
      return await clientDb.transaction((tx) => work(tx as unknown as Database));
    } finally {
      client.release();
    }
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = createPostgresPool(url);
  // A client whose connection breaks (PostgreSQL restarted, a network cut) emits 'error'; an event
  // without a listener crashes the process. The pool listens on its idle clients and re-emits here, but
  // a client checked out with pool.connect() (every drizzle transaction) has no listener of its own: the
  // first outage under load killed the server. The failed query reports the error to its caller (a 503,
  // see core/database-error.ts), the pool drops the broken client and connects anew on the next query, so
  // the app recovers without a restart.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  poolTransactions.set(db, runTransactionsOn(pool));
  return handle(db, {
    kind: 'postgres',
    url,
    executeSql: (text, values) => pool.query(text, values),
    // Two servers starting together on one PostgreSQL: the second waits, then finds nothing left to do.
    migrate: () => holdStartLock(url, (session) => migratePg(drizzlePg({ client: session, schema }), { migrationsFolder })),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    closeClient: () => pool.end(),
  });
}

interface HandleParts {
  kind: DatabaseHandle['kind'];
  url?: string;
  executeSql: SqlExecutor;
  migrate: () => Promise<void>;
  listen: DatabaseHandle['listen'];
  closeClient: () => Promise<void>;
}

function handle(db: Database, { kind, url, executeSql, migrate, listen, closeClient }: HandleParts): DatabaseHandle {
  let closed = false;
  return {
    db,
    kind,
    url,
    executeSql,
    migrate,
    listen,
    async ping() {
      if (closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeClient();
    },
  };
}
