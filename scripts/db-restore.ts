// npm run db:restore -- <file>
// Loads a plain SQL dump (from npm run db:backup) into an empty database: the PostgreSQL of DATABASE_URL
// when it is set (the move from the embedded database to PostgreSQL), otherwise the embedded database of
// DATA_DIR (a data folder without a database, or one whose database has no tables). A database with data
// is refused, and so is a data folder a server is running on; nothing is changed then.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../src/server/config.js';
import { readLock, DataDirBusyError } from '../src/server/db/data-dir-lock.js';
import { describePostgres, prepareDump, restoreIntoDataFolder, restoreIntoPostgres, RestoreError } from '../src/server/db/restore.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readDump(file: string): string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) fail(`${file} is not a file.`);
    size = stat.size;
  } catch {
    fail(`No such file: ${file}`);
  }
  if (size === 0) fail(`${file} is empty, not a dump.`);
  return readFileSync(file, 'utf8');
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) fail('Usage: npm run db:restore -- <file.sql>');
  const file = args[0]!;

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const started = performance.now();
  try {
    const dump = prepareDump(readDump(file), file);
    let where: string;
    let result;
    if (config.DATABASE_URL) {
      where = describePostgres(config.DATABASE_URL);
      result = await restoreIntoPostgres(config.DATABASE_URL, dump);
    } else {
      const dataDir = resolve(config.DATA_DIR);
      where = `the embedded database in ${dataDir}`;
      const holder = readLock(dataDir);
      if (holder) {
        fail(
          holder.port
            ? `A server (pid ${holder.pid}, port ${holder.port}) is running on ${dataDir}; stop it before restoring into its data folder.`
            : `Another process (pid ${holder.pid}) is using ${dataDir}; try again when it has finished.`,
        );
      }
      result = await restoreIntoDataFolder(dataDir, dump);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${file} into ${where} in ${seconds} s: ${result.tables} tables, ${result.rows} rows. Start the server on it with npm start.`);
  } catch (error) {
    if (error instanceof RestoreError || error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message || String(error) : String(error)));
