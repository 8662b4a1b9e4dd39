// Backups of the embedded database: a plain SQL dump (pg_dump for PGlite, from @electric-sql/pglite-tools)
// that `npm run db:restore` loads into an empty PGlite or PostgreSQL. See scripts/db-backup.ts.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
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
 * The copy of a live database is loaded and dumped in a short-lived child process, which reads the copy
 * on its standard input and writes the dump on its standard output. pg_dump runs synchronously, so in the
 * server's own thread every request would wait for it; and in a worker thread the copy's PGlite and
 * pg_dump's WebAssembly memory would count in the server's own, taking it past its memory budget while a
 * backup runs, part of it kept after. The modules come by absolute URL (the script is no file beside
 * them); the extensions and settings are those client.ts opens PGlite with.
 */
const DUMP_SCRIPT = `
const { modules, args, settings, dataDir } = JSON.parse(process.argv[1]);
const [{ PGlite }, { pg_trgm }, { btree_gist }, { pgDump }] = await Promise.all(modules.map((m) => import(m)));
const chunks = [];
if (!dataDir) for await (const chunk of process.stdin) chunks.push(chunk);
const copy = await PGlite.create({
  ...(dataDir ? { dataDir } : { loadDataDir: new Blob(chunks) }),
  extensions: { pg_trgm, btree_gist },
  startParams: [...PGlite.defaultStartParams, ...settings],
});
try {
  const file = await pgDump({ pg: copy, args });
  process.stdout.write(Buffer.from(await file.arrayBuffer()));
} finally {
  await copy.close();
}`;

/** The copy to dump: a data folder on disk, or a tarball of one (a database that lives in memory). */
type Copy = { folder: string } | { tarball: Blob };

function dumpInChildProcess(copy: Copy): Promise<string> {
  const modules = [
    '@electric-sql/pglite',
    '@electric-sql/pglite/contrib/pg_trgm',
    '@electric-sql/pglite/contrib/btree_gist',
    '@electric-sql/pglite-tools/pg_dump',
  ].map((name) => import.meta.resolve(name));
  const child = spawn(process.execPath, ['--input-type=module', '-e', DUMP_SCRIPT, JSON.stringify({ modules, args: DUMP_ARGS, settings: PGLITE_SETTINGS, dataDir: 'folder' in copy ? copy.folder : undefined })], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  // A child that ends early closes its input: its exit code and error output say why.
  child.stdin.on('error', () => {});
  if ('tarball' in copy) Readable.fromWeb(copy.tarball.stream() as WebReadableStream<Uint8Array>).pipe(child.stdin);
  else child.stdin.end();
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolvePromise(Buffer.concat(out).toString('utf8'));
      const why = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ');
      reject(new Error(`pg_dump's process ended (exit code ${code}) without a dump${why ? `: ${why}` : ''}`));
    });
  });
}

/**
 * Dumps the live embedded database of a running server without disturbing it: pg_dump on the server's
 * own PGlite would leave its only session read-only with an empty search_path, so a copy of the data
 * folder is taken between two transactions, after a checkpoint (other queries wait meanwhile: about
 * 0.4 s for a small database), and pg_dump reads the copy in a child process. A database in a folder is
 * copied on disk, beside it: PGlite's own copy (dumpDataDir) reads every file into the server's memory,
 * twice over, and the memory it grows is not all given back.
 */
export async function dumpLivePglite(pg: PGlite): Promise<string> {
  const folder = pg.fs instanceof NodeFS && pg.dataDir ? resolve(pg.dataDir) : undefined;
  if (!folder) {
    // Inside a transaction of our own: PGlite runs other queries and transactions only after it ends.
    const tarball = await pg.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      return pg.dumpDataDir('none');
    });
    return dumpInChildProcess({ tarball });
  }
  // One backup at a time (the backup route queues them), so one name serves; a crash's leftover is replaced.
  const copyDir = `${folder}.backup-copy`;
  await rm(copyDir, { recursive: true, force: true });
  try {
    await pg.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      await cp(folder, copyDir, { recursive: true });
    });
    return await dumpInChildProcess({ folder: copyDir });
  } finally {
    await rm(copyDir, { recursive: true, force: true });
  }
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
