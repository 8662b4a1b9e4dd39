// npm run db:backup [-- <folder or file.sql>]
// Writes a plain SQL dump of the embedded database to backups/kb-marine-<UTC time>.sql (or where the
// argument says) and prints the file's path. The embedded database admits one process: when a server
// holds it, the server takes the dump (loopback + token); otherwise this takes the data-folder lock and
// opens the database itself. On PostgreSQL (DATABASE_URL) PostgreSQL's own pg_dump is the tool.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, ConfigError } from '../src/server/config.js';
import { readLock, DataDirBusyError } from '../src/server/db/data-dir-lock.js';
import { backupFileName, BackupTargetError, checkBackupTarget, DEFAULT_BACKUP_FOLDER, dumpDataFolder, NoDatabaseError, saveBackup } from '../src/server/db/backup.js';
import { describePostgres } from '../src/server/db/restore.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function viaRunningServer(port: number, token: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/backup`, {
    method: 'POST',
    headers: { 'x-operator-token': token },
    signal: AbortSignal.timeout(10 * 60_000),
  });
  const body = await response.text();
  if (!response.ok) {
    let message: string | undefined;
    try {
      message = (JSON.parse(body) as { message?: string }).message;
    } catch {
      // not JSON: say the status
    }
    fail(`The running server could not take the backup: ${message ?? `it answered ${response.status}`}.`);
  }
  return body;
}

/** The command PostgreSQL users run instead, with the database's own address (not its password). */
function pgDumpCommand(databaseUrl: string, target: string | undefined): string {
  const file = target?.endsWith('.sql') ? target : join(target ?? DEFAULT_BACKUP_FOLDER, backupFileName());
  const folder = resolve(file, '..');
  const source = new URL(databaseUrl).password ? '"$DATABASE_URL"' : `'${databaseUrl}'`;
  const mkdir = existsSync(folder) ? '' : `mkdir -p '${join(file, '..')}' && `;
  return `${mkdir}pg_dump --inserts --no-owner --no-privileges --file '${file}' ${source}`;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) fail('Usage: npm run db:backup [-- <folder or file.sql>]');
  const target = args[0];

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.DATABASE_URL) {
    fail(
      `DATABASE_URL is set: the data is in ${describePostgres(config.DATABASE_URL)}, not in the embedded database. ` +
        `Back it up with PostgreSQL's own pg_dump (its version at least the server's):\n  ${pgDumpCommand(config.DATABASE_URL, target)}`,
    );
  }

  try {
    checkBackupTarget(target);
  } catch (error) {
    if (error instanceof BackupTargetError) fail(error.message);
    throw error;
  }
  const dataDir = resolve(config.DATA_DIR);
  const started = performance.now();
  const server = readLock(dataDir);
  let sql: string;
  if (server?.port && server.token) sql = await viaRunningServer(server.port, server.token);
  else if (server) fail(`Another process (pid ${server.pid}) is using ${dataDir}; try again when it has finished.`);
  else {
    try {
      sql = await dumpDataFolder(dataDir);
    } catch (error) {
      if (error instanceof NoDatabaseError) {
        fail(`${error.message} Set DATA_DIR to the data folder the server uses (or DATABASE_URL for PostgreSQL).`);
      }
      if (error instanceof DataDirBusyError) fail(`${error.message} Try again when it has finished.`);
      throw error;
    }
  }
  let file: string;
  try {
    file = saveBackup(sql, target);
  } catch (error) {
    if (error instanceof BackupTargetError) fail(error.message);
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how = server ? 'through the server running on it' : 'directly';
  console.error(`Backed up the embedded database in ${dataDir} (${how}) in ${seconds} s: ${(Buffer.byteLength(sql) / 1024).toFixed(0)} KB.`);
  console.log(file);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message || String(error) : String(error)));
