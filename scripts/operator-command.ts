// What the account commands (user:set-role, user:set-password) share. The embedded database admits one
// process: when a server holds it, the command asks that server (loopback + token); otherwise it takes
// the data-folder lock and opens the database directly. The database layer (the driver, the schema, the
// feature's code) is loaded only then: asking the server needs none of it, and loading it was most of
// the command's time.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { acquireLock, readLock, DataDirBusyError } from '../src/server/db/data-dir-lock.js';
import { AppError } from '../src/server/core/app-error.js';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Where the command looks, in words: the PostgreSQL database's name and host, or the data folder. */
function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `the PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

async function viaRunningServer(port: number, token: string, path: string, body: unknown, where: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) fail(`${answer.message ?? `The server answered ${response.status}.`} (looked in ${where}, through the server running on it)`);
}

async function directly(databaseUrl: string | undefined, dataDir: string, run: (db: Database) => Promise<unknown>) {
  // Opening an embedded database that is not there would create an empty one; an operator's command never does.
  if (!databaseUrl && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
    fail(`There is no embedded database in ${dataDir}. Set DATA_DIR to the data folder the server uses (or DATABASE_URL for PostgreSQL), or start the server once to create it.`);
  }
  const lock = databaseUrl ? undefined : acquireLock(dataDir);
  try {
    const { openDatabase } = await import('../src/server/db/client.js');
    const database = await openDatabase({ url: databaseUrl, pgliteDir: resolve(dataDir, 'pglite') });
    try {
      await database.migrate();
      await run(database.db);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/**
 * Runs an account command: through the running server's operator endpoint `path` with `body`, or with
 * `run` on the database itself (which imports what it needs: see above). Failures (an unknown e-mail, a busy data folder) end the process with
 * a message that says where the command looked.
 */
export async function runOperatorCommand(path: string, body: unknown, run: (db: Database) => Promise<unknown>) {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  try {
    const server = config.DATABASE_URL ? null : readLock(dataDir);
    if (server?.port && server.token) await viaRunningServer(server.port, server.token, path, body, describeDatabase(undefined, dataDir));
    else if (server) fail(`Another process (pid ${server.pid}) is using ${dataDir}; try again when it has finished.`);
    else await directly(config.DATABASE_URL, dataDir, run);
  } catch (error) {
    if (error instanceof AppError) fail(`${error.message} (looked in ${describeDatabase(config.DATABASE_URL, dataDir)})`);
    if (error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
}
