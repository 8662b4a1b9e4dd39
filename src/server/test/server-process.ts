import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * How long a test waits for a server process it started to answer /readyz: opening its database takes
 * seconds alone, and over a minute on a two-core CI machine that also runs the other test files.
 */
export const SERVER_START_MS = 120_000;

/**
 * node's arguments that start the server as `npm start` does, from the bundle of this checkout's sources
 * (server-bundle.ts); `preload` names test-only modules loaded first, through tsx.
 */
export function serverArgs(preload: string[] = []): string[] {
  const preloads = preload.length ? ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file])] : [];
  return [...preloads, inject('serverBundle')];
}

/**
 * Puts the run's migrated embedded database into a data folder, as a server's first start leaves it, and
 * returns the folder: a server started on it opens its database instead of creating and migrating one.
 * A first start on an empty folder is tested on its own (pglite-data-dir.test.ts, start-lock.api.test.ts).
 */
export function withMigratedDatabase(dataDir: string): string {
  cpSync(inject('pgliteFolder'), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}
