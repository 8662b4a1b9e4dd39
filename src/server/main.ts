import { join, resolve } from 'node:path';
import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/client.js';
import { createDatabaseWatchdog } from './db/database-watchdog.js';
import { isDatabaseUnavailable } from './core/database-error.js';
import { acquireLock, DataDirBusyError, newOperatorToken, type DataDirLock } from './db/data-dir-lock.js';
import { NotADatabaseFolderError } from './db/pglite-data-dir.js';
import { seedDemoOnStart } from './seed/seed-on-start.js';
import { retryOnDeadlock } from './db/start-lock.js';
import { buildApp } from './app.js';
import { gracefulShutdown } from './http/graceful-shutdown.js';
import { projectRoot } from './project-root.js';
import { loadPageRenderer } from './http/load-page-renderer.js';

const clientDir = join(projectRoot(), 'dist/client');
/** The build's renderer of public pages (`vite build --ssr`, see vite.config.ts). */
const pageRendererFile = join(projectRoot(), 'dist/ssr/entry-server.js');

/** The last resort should closing hang; the drain deadline (http/graceful-shutdown.ts) normally ends it first. */
const HARD_EXIT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);

  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = acquireLock(dataDir);

  const watchdog = config.DATABASE_URL ? undefined : createDatabaseWatchdog(config.DATABASE_WATCHDOG_SECONDS * 1000);
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: resolve(dataDir, 'pglite'), watchdog });
  // A migration's transaction may meet a running server's queries; it is rolled back whole, so run again.
  await retryOnDeadlock(() => database.migrate());
  if (config.SEED_DEMO) await seedDemoOnStart(database);
  watchdog?.start();

  const operatorToken = lock ? newOperatorToken() : undefined;
  const pageRenderer = await loadPageRenderer(pageRendererFile);
  const app = await buildApp({ config: { ...config, DATA_DIR: dataDir }, database, clientDir, pageRenderer, operatorToken });
  // pg-boss 10 neither awaits nor catches the query that marks a finished job complete (or failed): when
  // the database drops at that moment its rejection is unhandled, which ends a Node process. An
  // unreachable database is an outage to ride out (the job runs again once its lease expires); any
  // other unhandled rejection is still a defect that stops the server, as Node's default does.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database unreachable in a background task; carrying on');
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  lock?.update({ port, token: operatorToken });
  app.log.info(`K&B Marine is ready at ${config.BASE_URL} (database: ${database.kind})`);

  const shutdown = gracefulShutdown(app.server, app.log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    app.log.info(`${signal}: finishing in-flight requests`);
    // The last resort, should closing hang: the drain deadline below normally ends it long before.
    setTimeout(() => {
      app.log.error(`${signal}: shutdown did not finish in ${HARD_EXIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, HARD_EXIT_MS).unref();
    let exitCode = 0;
    try {
      shutdown.begin();
      // Stops listening, waits for the requests already received, then stops the background jobs.
      await app.close();
      await database.close();
      app.log.info({ ms: Math.round(performance.now() - started), cut: shutdown.cut() }, `${signal}: stopped`);
    } catch (err) {
      app.log.error({ err }, `${signal}: shutdown failed`);
      exitCode = 1;
    } finally {
      lock?.release();
    }
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof NotADatabaseFolderError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
