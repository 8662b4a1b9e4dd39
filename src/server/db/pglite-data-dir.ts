import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Run by a child node: creates the database in the folder it is given, then closes it. */
const CREATE_SCRIPT = `
const [moduleUrl, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const db = await PGlite.create({ dataDir, startParams: JSON.parse(startParams) });
await db.close();`;

/** A data folder that holds something, but not a PGlite database. */
export class NotADatabaseFolderError extends Error {}

/**
 * Makes sure `dataDir` holds a PGlite database, creating one when it does not. Creating one (initdb)
 * grows PGlite's WebAssembly memory far past what a server opening an existing database needs, and
 * WebAssembly memory is never given back. So a short-lived child process creates it, in a
 * folder beside the target that is renamed into place once complete: a creation cut off half way leaves
 * no half database behind. The caller holds the data folder's lock (data-dir-lock.ts).
 */
export async function ensurePgliteDataDir(dataDir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  // rename() cannot replace a folder that holds files, and they may be someone's.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new NotADatabaseFolderError(`${dataDir} holds files but no database: move them away, or choose another DATA_DIR.`);
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.creating`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await execFileAsync(process.execPath, [
      '--input-type=module',
      '-e',
      CREATE_SCRIPT,
      import.meta.resolve('@electric-sql/pglite'),
      staging,
      JSON.stringify(startParams),
    ]);
    renameSync(staging, dataDir); // replaces an empty folder made beforehand
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
