// Backups of the embedded database: a plain SQL dump (pg_dump for PGlite, from @electric-sql/pglite-tools)
// that `npm run db:restore` loads into an empty PGlite or PostgreSQL. See scripts/db-backup.ts.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from './client.js';
import { acquireLock } from './data-dir-lock.js';
import { PGLITE_SETTINGS } from './pglite-settings.js';

/**
 * pg_dump's options for every backup (pgDump adds `--inserts` itself, so the dump has no COPY blocks and
 * runs as plain SQL): no OWNER TO and no GRANT, so it restores under whatever role the target uses,
 * on PGlite or on a PostgreSQL whose roles are not PGlite's `postgres`.
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges'];

/** The PGlite behind a drizzle database opened on the embedded database (drizzle's `$client`). */
export function pgliteOf(db: Database): PGlite {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('This database is not the embedded PGlite.');
  return client;
}

/**
 * Dumps a PGlite that nothing else uses and that is closed afterwards (a command-line task holding the
 * data-folder lock). pg_dump leaves the instance's only session in a READ ONLY transaction with an empty
 * search_path, so the instance must not serve anything after this.
 */
export async function dumpPgliteThenClose(pg: PGlite): Promise<string> {
  // Loaded here, not at the top: the server imports this module and never runs pg_dump in its own thread.
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const file = await pgDump({ pg, args: DUMP_ARGS });
  return file.text();
}

/**
 * The copy of a live database is loaded and dumped in a worker thread: pg_dump runs synchronously, and
 * in the server's own thread every request would wait for it. The modules come by absolute URL (a data:
 * module cannot resolve package names); the extensions and settings are those client.ts opens PGlite with.
 */
const DUMP_WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const { modules, args, dataDir, settings } = workerData;
const [{ PGlite }, { pg_trgm }, { btree_gist }, { pgDump }] = await Promise.all(modules.map((m) => import(m)));
const copy = await PGlite.create({
  loadDataDir: new Blob([dataDir]),
  extensions: { pg_trgm, btree_gist },
  startParams: [...PGlite.defaultStartParams, ...settings],
});
try {
  const file = await pgDump({ pg: copy, args });
  parentPort.postMessage(await file.text());
} finally {
  await copy.close();
}`;

function dumpInWorker(dataDir: ArrayBuffer): Promise<string> {
  const modules = [
    '@electric-sql/pglite',
    '@electric-sql/pglite/contrib/pg_trgm',
    '@electric-sql/pglite/contrib/btree_gist',
    '@electric-sql/pglite-tools/pg_dump',
  ].map((name) => import.meta.resolve(name));
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(DUMP_WORKER)}`), {
      workerData: { modules, args: DUMP_ARGS, dataDir, settings: PGLITE_SETTINGS },
      transferList: [dataDir],
    });
    let sql: string | undefined;
    worker.once('message', (message: string) => (sql = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (sql !== undefined ? resolvePromise(sql) : reject(new Error(`pg_dump's worker ended (exit code ${code}) without a dump`))));
  });
}

/**
 * Dumps the live embedded database of a running server without disturbing it: pg_dump on the server's
 * own PGlite would leave its only session read-only with an empty search_path, so a copy of the data
 * folder is taken between two transactions, after a checkpoint (other queries wait meanwhile: about
 * 0.4 s for a small database), and pg_dump reads the copy in a worker thread.
 */
export async function dumpLivePglite(pg: PGlite): Promise<string> {
  // Inside a transaction of our own: PGlite runs other queries and transactions only after it ends.
  const dataDir = await pg.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pg.dumpDataDir('none');
  });
  return dumpInWorker(await dataDir.arrayBuffer());
}

/** A data folder without an embedded database (a backup never creates one). */
export class NoDatabaseError extends Error {}

/**
 * Dumps the embedded database of a data folder no server runs on: takes the data-folder lock (a process
 * holding it makes this throw DataDirBusyError), opens the database, dumps it, closes it.
 */
export async function dumpDataFolder(dataDir: string): Promise<string> {
  const pgliteDir = resolve(dataDir, 'pglite');
  // Opening a database that is not there would create an empty one.
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new NoDatabaseError(`There is no embedded database in ${dataDir}.`);
  const lock = acquireLock(dataDir);
  try {
    const database = await openDatabase({ pgliteDir });
    try {
      return await dumpPgliteThenClose(pgliteOf(database.db));
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

export const DEFAULT_BACKUP_FOLDER = 'backups';

/** `kb-marine-2026-11-23T08-15-02Z.sql`: the backup's file name, from the time it was taken (UTC). */
export function backupFileName(at: Date = new Date()): string {
  return `kb-marine-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.sql`;
}

/**
 * Writes a dump where the operator asked: `target` is a folder (made if missing; the default `backups`)
 * that gets a file named by the time, or a file path ending in `.sql`. Never overwrites a file, and
 * writes under a temporary name first, so a file with the backup's name is always a whole dump.
 * Returns the file's path.
 */
export function saveBackup(sql: string, target = DEFAULT_BACKUP_FOLDER, at: Date = new Date()): string {
  checkBackupTarget(target);
  const toFile = namesFile(target);
  const folder = toFile ? dirname(target) : target;
  mkdirSync(folder, { recursive: true });
  let file = toFile ? target : join(folder, backupFileName(at));
  // Two backups in the same second: the second gets a suffix instead of replacing the first.
  for (let n = 2; !toFile && existsSync(file); n++) file = join(folder, backupFileName(at).replace(/\.sql$/, `-${n}.sql`));
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, sql, { mode: 0o600 });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

export class BackupTargetError extends Error {}

/** A path ending in .sql that is not a folder names the backup file itself. */
function namesFile(target: string): boolean {
  return target.endsWith('.sql') && !isDirectory(target);
}

/** Throws BackupTargetError when a backup could not be saved at `target` (checked before dumping). */
export function checkBackupTarget(target = DEFAULT_BACKUP_FOLDER): void {
  if (namesFile(target) && existsSync(target)) throw new BackupTargetError(`${target} already exists; name another file or a folder.`);
  if (!namesFile(target) && existsSync(target) && !isDirectory(target)) throw new BackupTargetError(`${target} is a file, not a folder; a backup file's name ends in .sql.`);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
