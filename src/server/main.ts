import { join, resolve } from 'node:path';
import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/client.js';
import { acquireLock, DataDirBusyError, newOperatorToken, type DataDirLock } from './db/data-dir-lock.js';
import { hasAnyExpert, seedDemoExperts } from './db/seed/seed-demo-experts.js';
import { buildApp } from './app.js';
import { projectRoot } from './project-root.js';

const clientDir = join(projectRoot(), 'dist/client');

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);

  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) lock = acquireLock(dataDir);

  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: resolve(dataDir, 'pglite') });
  await database.migrate();
  if (config.SEED_DEMO && !(await hasAnyExpert(database.db))) await seedDemoExperts(database.db);

  const operatorToken = lock ? newOperatorToken() : undefined;
  const app = await buildApp({ config: { ...config, DATA_DIR: dataDir }, database, clientDir, operatorToken });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  lock?.update({ port, token: operatorToken });
  app.log.info(`K&B Marine is ready at ${config.BASE_URL} (database: ${database.kind})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
