// Vitest global setup of the API test projects: one migrated database per run, which every test file's
// app starts from (createTestApp in test-app.ts) instead of migrating a new one, and one migrated PGlite
// data folder, which the server processes tests start are given a copy of (server-process.ts). What the
// migrations themselves do, and a first start on an empty folder, are tested on databases of their own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { pgliteOf } from '../db/backup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's migrated database: the file of a PGlite data folder's image (TEST_DB=pglite), or the name
     * of a PostgreSQL template database on TEST_DATABASE_URL's server (TEST_DB=postgres).
     */
    databaseTemplate: string;
    /** A migrated PGlite data folder, closed: what DATA_DIR/pglite holds after a server's first start. */
    pgliteFolder: string;
  }
}

/** The names of this run's PostgreSQL databases begin with this, so teardown finds any a crashed file left. */
export function runDatabasePrefix(template: string): string {
  return template.replace(/template$/, '');
}

/** The committed migrations, and the tables pg-boss would create at the first app's start. */
async function prepare(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await database.executeSql(PgBoss.getConstructionPlans());
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What teardown removes: the template and this run's databases, or the image's folder. */
const cleanUps: (() => Promise<void>)[] = [];

/** A migrated PostgreSQL template database on TEST_DATABASE_URL's server; returns its name. */
async function preparePostgresTemplate(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `kb_test_${randomUUID().replaceAll('-', '').slice(0, 12)}_template`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  cleanUps.push(() =>
    withServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [runDatabasePrefix(template)]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await prepare(database);
  } finally {
    // A database is copied only while nobody is connected to it.
    await database.close();
  }
  return template;
}

export async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kb-test-template-'));
  cleanUps.push(async () => rmSync(dir, { recursive: true, force: true }));
  const database = await openDatabase({});
  let image: Blob;
  try {
    await prepare(database);
    const pglite = pgliteOf(database.db);
    await pglite.exec('CHECKPOINT');
    image = await pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const pgliteFolder = join(dir, 'pglite');
  await (await PGlite.create({ dataDir: pgliteFolder, loadDataDir: image })).close();
  project.provide('pgliteFolder', pgliteFolder);
  if (project.config.env.TEST_DB === 'postgres') {
    project.provide('databaseTemplate', await preparePostgresTemplate());
  } else {
    const file = join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('databaseTemplate', file);
  }
}

export async function teardown() {
  for (let cleanUp = cleanUps.pop(); cleanUp; cleanUp = cleanUps.pop()) await cleanUp();
}
