// npm run user:set-role -- <email> <role>
// The embedded database admits one process: when a server holds it, ask that server (loopback + token);
// otherwise take the data-folder lock and open the database directly.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROLES, type Role } from '../src/common/roles.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { acquireLock, readLock, DataDirBusyError } from '../src/server/db/data-dir-lock.js';
import { setUserRole } from '../src/server/features/users/set-role.js';
import { AppError } from '../src/server/core/app-error.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function viaRunningServer(port: number, token: string, email: string, role: Role, where: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/set-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify({ email, role }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) fail(`${body.message ?? `The server answered ${response.status}.`} (looked in ${where}, through the server running on it)`);
}

/** Where the command looks, in words: the PostgreSQL database's name and host, or the data folder. */
function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `the embedded database in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `the PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

async function directly(databaseUrl: string | undefined, dataDir: string, email: string, role: Role) {
  // Opening an embedded database that is not there would create an empty one; an operator's command never does.
  if (!databaseUrl && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
    fail(`There is no embedded database in ${dataDir}. Set DATA_DIR to the data folder the server uses (or DATABASE_URL for PostgreSQL), or start the server once to create it.`);
  }
  const lock = databaseUrl ? undefined : acquireLock(dataDir);
  try {
    const database = await openDatabase({ url: databaseUrl, pgliteDir: resolve(dataDir, 'pglite') });
    try {
      await database.migrate();
      await setUserRole(database.db, email, role);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !role) fail('Usage: npm run user:set-role -- <email> <admin|expert|user>');
  if (!ROLES.includes(role as Role)) fail(`Unknown role '${role}'. Use one of: ${ROLES.join(', ')}.`);

  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  try {
    const server = config.DATABASE_URL ? null : readLock(dataDir);
    if (server?.port && server.token) await viaRunningServer(server.port, server.token, email, role as Role, describeDatabase(undefined, dataDir));
    else if (server) fail(`Another process (pid ${server.pid}) is using ${dataDir}; try again when it has finished.`);
    else await directly(config.DATABASE_URL, dataDir, email, role as Role);
  } catch (error) {
    if (error instanceof AppError) fail(`${error.message} (looked in ${describeDatabase(config.DATABASE_URL, dataDir)})`);
    if (error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
  console.log(`${email} now has the role ${role}. They see it after their next page load.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
