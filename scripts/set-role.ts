// npm run user:set-role -- <email> <role>
// The embedded database admits one process: when a server holds it, ask that server (loopback + token);
// otherwise take the data-folder lock and open the database directly.
import { resolve } from 'node:path';
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

async function viaRunningServer(port: number, token: string, email: string, role: Role) {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/set-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify({ email, role }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) fail(body.message ?? `The server answered ${response.status}.`);
}

async function directly(databaseUrl: string | undefined, dataDir: string, email: string, role: Role) {
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
    if (server?.port && server.token) await viaRunningServer(server.port, server.token, email, role as Role);
    else if (server) fail(`Another process (pid ${server.pid}) is using ${dataDir}; try again when it has finished.`);
    else await directly(config.DATABASE_URL, dataDir, email, role as Role);
  } catch (error) {
    if (error instanceof AppError || error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
  console.log(`${email} now has the role ${role}. They see it after their next page load.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
