import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { ensurePgliteDataDir, NotADatabaseFolderError } from './pglite-data-dir.js';
import { pgliteStartParams } from './pglite-settings.js';

// Each creation runs initdb in a child process: seconds on a busy machine.
const INITDB_TIMEOUT = 90_000;

describe('creating the embedded database in a data folder', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kb-pglite-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates a database in a folder that does not exist yet, and opens it', { timeout: INITDB_TIMEOUT }, async () => {
    const dataDir = join(root, 'data', 'pglite');
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      await database.migrate();
      const rows = (await database.executeSql('select count(*)::int as n from experts')).rows as { n: number }[];
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']); // no staging folder left beside it

    // Opening it again finds the database: nothing is created anew.
    const version = statSync(join(dataDir, 'PG_VERSION')).mtimeMs;
    await ensurePgliteDataDir(dataDir, pgliteStartParams());
    expect(statSync(join(dataDir, 'PG_VERSION')).mtimeMs).toBe(version);
  });

  it('creates it in an empty folder made beforehand, past what a cut-off creation left', { timeout: INITDB_TIMEOUT }, async () => {
    const dataDir = join(root, 'pglite');
    mkdirSync(dataDir);
    mkdirSync(`${dataDir}.creating`);
    writeFileSync(join(`${dataDir}.creating`, 'PG_VERSION'), 'half');
    await ensurePgliteDataDir(dataDir, pgliteStartParams());
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(readdirSync(root)).toEqual(['pglite']);
  });

  it('refuses a folder that holds files but no database, and leaves them alone', async () => {
    const dataDir = join(root, 'pglite');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'notes.txt'), 'mine');
    await expect(ensurePgliteDataDir(dataDir, pgliteStartParams())).rejects.toThrow(NotADatabaseFolderError);
    await expect(ensurePgliteDataDir(dataDir, pgliteStartParams())).rejects.toThrow(/holds files but no database/);
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
  });
});
