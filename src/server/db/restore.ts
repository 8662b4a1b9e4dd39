// Loads a plain SQL dump (from `npm run db:backup`, or PostgreSQL's pg_dump with --inserts) into an
// empty database: the embedded PGlite of a data folder, or the PostgreSQL of DATABASE_URL. A database
// that already has tables is refused, and a dump that fails part-way changes nothing: the check and the
// whole dump run in one transaction. See scripts/db-restore.ts.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from './client.js';
import { pgliteOf } from './backup.js';
import { acquireLock } from './data-dir-lock.js';
import { capitalize } from '../../common/text.js';

/** A refusal the operator can act on (not a dump, a database that has data); the message says what to do. */
export class RestoreError extends Error {}

export interface PreparedDump {
  /** The SQL to run, without the lines that only psql or PostgreSQL 17+ understand. */
  sql: string;
  /** How many rows the dump inserts. */
  rows: number;
}

const HEADER = /^\uFEFF?--\r?\n-- PostgreSQL database dump\r?\n/;
const FOOTER = /\n-- PostgreSQL database dump complete\r?\n(?:--\s*)?(?:\\unrestrict .*\s*)?$/;

/**
 * Checks that `text` is a whole plain-SQL dump from pg_dump that can run as SQL, and drops what a
 * database (rather than psql) would refuse:
 * - `SET transaction_timeout = 0;`: pg_dump 17+ writes it, PostgreSQL 15 and 16 reject the setting;
 * - `\restrict` / `\unrestrict`: psql meta-commands of recent pg_dump versions;
 * - `COMMENT ON EXTENSION`: only the extension's owner may comment on it, which the role restoring into
 *   an existing PostgreSQL often is not; the comments are the extensions' stock descriptions.
 */
export function prepareDump(text: string, name: string): PreparedDump {
  if (!HEADER.test(text)) throw new RestoreError(`${name} is not a plain SQL dump from pg_dump (it does not start with '-- PostgreSQL database dump').`);
  if (!FOOTER.test(text)) throw new RestoreError(`${name} is incomplete: it does not end with '-- PostgreSQL database dump complete'.`);
  if (/^COPY .* FROM stdin;\r?$/m.test(text)) {
    throw new RestoreError(`${name} holds its rows as COPY blocks, which only psql can load; make the dump with pg_dump --inserts.`);
  }
  const sql = text
    .replace(/^\\(?:un)?restrict\b.*$/gm, '')
    .replace(/^SET transaction_timeout = 0;\r?$/m, '')
    .replace(/^COMMENT ON EXTENSION [^\n]*;\r?$/gm, '');
  return { sql, rows: text.match(/^INSERT INTO /gm)?.length ?? 0 };
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * What makes a database not empty: tables, views and sequences outside the system schemas (not those of
 * an extension), and schemas other than public. The dump would create them, so any of them means the
 * database is in use (or half-restored).
 */
async function existingObjects(query: Query): Promise<string[]> {
  // Named in this order: the app's tables first, then other tables, then the rest. Partitions (pg-boss
  // keeps one per queue) are covered by their parent.
  const { rows } = await query(`
    select n.nspname || '.' || c.relname as name,
           case when c.relkind not in ('r', 'p') then 2 when n.nspname = 'public' then 0 else 1 end as rank
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    union all
    select 'schema ' || n.nspname, 3
      from pg_namespace n
     where n.nspname not in ('public', 'pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
    order by 2, 1`);
  return (rows as { name: string }[]).map((r) => r.name);
}

function notEmpty(where: string, objects: string[], advice: string): RestoreError {
  const shown = objects.slice(0, 3).join(', ') + (objects.length > 3 ? `, ... (${objects.length} in all)` : '');
  const subject = capitalize(where);
  return new RestoreError(`${subject} is not empty: it has ${shown}. db:restore loads only into an empty database. ${advice}`);
}

export interface RestoreResult {
  /** Tables in the database after the restore. */
  tables: number;
  rows: number;
}

async function countTables(query: Query): Promise<number> {
  const { rows } = await query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
  return (rows[0] as { n: number }).n;
}

/** A dump's SQL failed part-way: the transaction was rolled back, so nothing changed. */
function loadFailed(where: string, error: unknown): RestoreError {
  const message = error instanceof Error ? error.message : String(error);
  return new RestoreError(`The dump did not load into ${where}: ${message}. Nothing was changed.`);
}

/** Where a PostgreSQL connection string points, in words, without its password. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  return `the PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host}`;
}

/** Restores into the PostgreSQL of `url`, which must be empty. */
export async function restoreIntoPostgres(url: string, dump: PreparedDump): Promise<RestoreResult> {
  const where = describePostgres(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect().catch((error: unknown) => {
    const { message, code } = error as { message?: string; code?: string };
    throw new RestoreError(`Could not connect to ${where}: ${message || code || String(error)}.`);
  });
  const query: Query = (text) => client.query(text);
  try {
    await client.query('BEGIN');
    const objects = await existingObjects(query);
    if (objects.length) throw notEmpty(where, objects, 'Create an empty database (createdb, or your provider\'s console) and point DATABASE_URL at it.');
    await client.query(dump.sql).catch((error: unknown) => {
      throw loadFailed(where, error);
    });
    // The dump emptied search_path for its own session; count with qualified names only.
    const tables = await countTables(query);
    await client.query('COMMIT');
    return { tables, rows: dump.rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores into the embedded database of `dataDir`: a data folder without a database gets a new one;
 * one with a database is used only when it has no tables. Takes the data-folder lock (a server running
 * on the folder makes this throw DataDirBusyError). On failure, a database created here is removed again.
 */
export async function restoreIntoDataFolder(dataDir: string, dump: PreparedDump): Promise<RestoreResult> {
  const where = `the embedded database in ${dataDir}`;
  const pgliteDir = resolve(dataDir, 'pglite');
  const hadDataDir = existsSync(dataDir);
  const hadDatabase = existsSync(join(pgliteDir, 'PG_VERSION'));
  const hadPgliteDir = existsSync(pgliteDir);
  const lock = acquireLock(dataDir);
  let restored = false;
  try {
    const database = await openDatabase({ pgliteDir });
    try {
      const pglite = pgliteOf(database.db);
      const result = await pglite.transaction(async (tx) => {
        const query: Query = (text) => tx.query(text);
        const objects = await existingObjects(query);
        if (objects.length) throw notEmpty(where, objects, 'Point DATA_DIR at a new folder, or move this one away first.');
        await tx.exec(dump.sql).catch((error: unknown) => {
          throw loadFailed(where, error);
        });
        return { tables: await countTables(query), rows: dump.rows };
      });
      restored = true;
      return result;
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
    if (!restored && !hadDatabase) {
      // Leave the folder as it was: no half-made database behind a failed restore.
      if (!hadPgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
      if (!hadDataDir && existsSync(dataDir) && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
    }
  }
}
