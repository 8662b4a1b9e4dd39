import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { pgliteOf, saveBackup, BackupTargetError } from '../src/server/db/backup.js';
import { prepareDump, RestoreError } from '../src/server/db/restore.js';
import { asUser, cookieHeader, nextClientAddress, ORIGIN, signUp, TEST_BASE_URL, type TestUser } from '../src/server/test/test-app.js';
import { insertExpert } from '../src/server/test/expert-factory.js';
import { seedDemoExperts } from '../src/server/seed/seed-demo-experts.js';
import { daysAhead, onsiteBooking, postBooking, videoBooking } from '../src/server/test/booking-helpers.js';
import { SERVER_START_MS, serverArgs, withMigratedDatabase } from '../src/server/test/server-process.js';

// The whole journey, with the real commands: data made through the API on an embedded database in a data
// folder; `npm run db:backup` through the real server running on that folder, and again directly once it
// has stopped; `npm run db:restore` into a fresh PostgreSQL database (TEST_DB=postgres) or a fresh data
// folder; and an app on the restored database gives the same answers, every row the same.

const root = new URL('..', import.meta.url).pathname;
const onPostgres = process.env.TEST_DB === 'postgres';
const TOKEN = 'operator-token-for-backup-tests';
const PASSWORD = 'keep-it-safe-2026';
const temporary: string[] = [];
const databasesToDrop: string[] = [];
const figures: Record<string, string | number> = {};

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function appConfig(dataDir: string) {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, BASE_URL: TEST_BASE_URL, SEED_DEMO: 'false' });
}

/** A new, empty database on the PostgreSQL of TEST_DATABASE_URL; dropped after the file. */
async function freshPostgres(): Promise<string> {
  const name = `kb_restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databasesToDrop.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Runs `fn` on one session of the database, in a transaction that is rolled back. */
async function inTransaction<T>(database: DatabaseHandle, fn: (query: Query) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return pgliteOf(database.db).transaction(async (tx) => {
      const result = await fn((text) => tx.query(text));
      await tx.rollback();
      return result;
    });
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('BEGIN');
    return await fn((text) => client.query(text));
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

/**
 * Every row of every table of the app (schema public) and of its migrations (schema drizzle): the count
 * and a hash of the rows as text, in UTC. pg-boss's own tables are left out: its maintenance writes them.
 */
function fingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  return inTransaction(database, async (query) => {
    await query(`SET LOCAL TimeZone = 'UTC'`);
    const tables = (await query(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    )).rows as { name: string }[];
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await query(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as h from ${name} t`);
      const row = rows[0] as { n: number; h: string };
      result[name] = `${row.n} rows ${row.h}`;
    }
    return result;
  });
}

async function migrationCount(database: DatabaseHandle): Promise<number> {
  return inTransaction(database, async (query) => {
    const { rows } = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return (rows[0] as { n: number }).n;
  });
}

/** What the owner sees: their account, their bookings, each booking with its history. */
async function answers(app: FastifyInstance, owner: { cookie: string }, bookingIds: string[]) {
  const get = async (url: string) => {
    const response = await app.inject(asUser(owner, { method: 'GET', url }));
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  return {
    user: await get('/api/auth/user'),
    bookings: await get('/api/bookings'),
    // The directory: the seeded experts, and a fuzzy text search (pg_trgm).
    experts: await get('/api/experts?limit=100&sort=rating'),
    search: await get('/api/experts?q=diesel'),
    details: await Promise.all(bookingIds.map((id) => get(`/api/bookings/${id}`))),
  };
}

function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email, password } });
}

interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** One of the commands, as `npm run` runs it (several may run at once). */
function run(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: sourceDir, DATABASE_URL: '', BASE_URL: TEST_BASE_URL, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** A failure the operator caused: exit code 1 and one clear line, no stack trace. */
function expectRefusal(result: CommandResult, text: string) {
  expect(result.status, result.stderr).toBe(1);
  expect(result.stderr).toContain(text);
  expect(result.stderr.split('\n'), result.stderr).toHaveLength(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sourceDir = withMigratedDatabase(tempDir('kb-backup-src-'));
const out = tempDir('kb-backup-out-');
let owner: TestUser;
let bookingIds: string[] = [];
let before: Awaited<ReturnType<typeof answers>>;
let sourcePrint: Record<string, string>;
let server: ChildProcess | undefined;
let port = 0;
let backupFile = '';
let targetEnv: Record<string, string> = {};
let target: DatabaseHandle | undefined;
let targetApp: FastifyInstance | undefined;

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  // The data, made through the API of an app on an embedded database in a data folder.
  const source = await openDatabase({ pgliteDir: join(sourceDir, 'pglite') });
  const app = await buildApp({ config: appConfig(sourceDir), database: source, operatorToken: TOKEN });
  await app.ready();
  try {
    owner = await signUp(app, { email: 'skipper@example.com', password: PASSWORD, firstName: 'Sam', lastName: 'Skipper' });
    const profile = await app.inject(
      asUser(owner, {
        method: 'PATCH',
        url: '/api/profile',
        payload: { firstName: 'Samantha', lastName: "O'Skipper", email: 'skipper@example.com', phone: '(410) 555-0199', address: '2 Dock St', city: 'Annapolis', state: 'MD', zipCode: '21401' },
      }),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    await seedDemoExperts(source.db);
    const expert = await insertExpert(source.db, { name: 'Ivy Instant', instantBooking: true });
    const video = await postBooking(app, owner, videoBooking(expert.id, daysAhead(12)));
    const onsite = await postBooking(app, owner, onsiteBooking(expert.id, daysAhead(13), '10:00 AM', 2));
    expect(video.statusCode, video.body).toBe(201);
    expect(onsite.statusCode, onsite.body).toBe(201);
    bookingIds = [video.json().id, onsite.json().id];
    const reason = 'Fixed it myself; a "quote", an apostrophe\'s and a \\ backslash\nover two lines';
    const cancel = await app.inject(asUser(owner, { method: 'POST', url: `/api/bookings/${bookingIds[1]}/cancel`, payload: { reason } }));
    expect(cancel.statusCode, cancel.body).toBe(200);
    before = await answers(app, owner, bookingIds);

    // The operator endpoint answers only the loopback interface with the server's token.
    const backup = (token: string | undefined, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/internal/backup', headers: token ? { 'x-operator-token': token } : {}, remoteAddress });
    expect((await backup('guess', '127.0.0.1')).statusCode).toBe(403);
    expect((await backup(TOKEN, '10.1.2.3')).statusCode).toBe(403);
    expect((await backup(undefined, '127.0.0.1')).statusCode).toBe(403);
  } finally {
    await app.close();
  }
  sourcePrint = await fingerprint(source);
  await source.close();

  // The same data folder, served by a real server process.
  port = await freePort();
  const env = { ...process.env, DATA_DIR: sourceDir, PORT: String(port), BASE_URL: `http://localhost:${port}`, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  server = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: 'ignore' });
  for (const deadline = Date.now() + SERVER_START_MS; Date.now() < deadline; ) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}, SERVER_START_MS + 30_000);

afterAll(async () => {
  await stopServer();
  await targetApp?.close();
  await target?.close();
  for (const name of databasesToDrop) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  console.info(`backup round trip (PGlite -> ${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(figures)}`);
}, 60_000);

describe('npm run db:backup and npm run db:restore', () => {
  it('backs up through the running server, which carries on; restore refuses its data folder meanwhile', async () => {
    const started = performance.now();
    const backup = await run('db-backup', [out]);
    figures.backupThroughServerMs = Math.round(performance.now() - started);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^${out}/kb-marine-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.sql$`));
    expect(backup.stderr).toContain('through the server running on it');
    backupFile = backup.stdout;
    const text = readFileSync(backupFile, 'utf8');
    figures.dumpBytes = Buffer.byteLength(text);
    expect(text).toContain('CREATE SCHEMA drizzle;');
    expect(text).toContain('INSERT INTO drizzle.__drizzle_migrations');
    expect(text).toContain("'skipper@example.com'");
    // The server dumps a copy of its data folder made beside it, and removes the copy.
    expect(readdirSync(sourceDir).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);

    // The server's own session is untouched (pg_dump ran on a copy): it still writes, and finds its
    // tables without schema names.
    const later = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'after-the-backup@example.com', password: PASSWORD, name: 'A', firstName: 'A', lastName: 'B' }),
    });
    expect(later.status).toBe(200);

    expectRefusal(await run('db-restore', [backupFile]), `is running on ${sourceDir}; stop it before restoring into its data folder.`);
  }, 60_000);

  it('refuses, with one line and exit code 1, what it cannot do', async () => {
    const empty = tempDir('kb-backup-empty-');
    const [noDatabase, onPostgresUrl, missing] = await Promise.all([
      run('db-backup', [out], { DATA_DIR: empty }),
      run('db-backup', [], { DATABASE_URL: 'postgres://kb@db.example.com:5432/kb_marine' }),
      run('db-restore', [join(out, 'missing.sql')]),
    ]);
    expectRefusal(noDatabase, `There is no embedded database in ${empty}.`);
    expect(readdirSync(empty)).toEqual([]);
    // On PostgreSQL it says which command to run instead.
    expect(onPostgresUrl.status).toBe(1);
    expect(onPostgresUrl.stderr).toMatch(/pg_dump --inserts --no-owner --no-privileges --file 'backups\/kb-marine-[\dT-]+Z\.sql' 'postgres:\/\/kb@db\.example\.com:5432\/kb_marine'$/);
    expectRefusal(missing, `No such file: ${join(out, 'missing.sql')}`);
  }, 60_000);

  it('restores into an empty database, refuses it the second time, and leaves nothing behind a dump that fails', async () => {
    await stopServer();
    const url = onPostgres ? await freshPostgres() : undefined;
    const brokenUrl = onPostgres ? await freshPostgres() : undefined;
    targetEnv = url ? { DATABASE_URL: url } : { DATA_DIR: join(tempDir('kb-backup-dst-'), 'data') };
    const brokenTarget: Record<string, string> = brokenUrl ? { DATABASE_URL: brokenUrl } : { DATA_DIR: join(tempDir('kb-backup-broken-'), 'data') };
    // A dump that fails half-way: after creating a table, at a row for a table that does not exist.
    const brokenFile = join(out, 'broken.sql');
    writeFileSync(brokenFile, readFileSync(backupFile, 'utf8').replace(/^INSERT INTO public\.users /m, 'INSERT INTO public.no_such_table '));

    const started = performance.now();
    const [restore, broken, direct] = await Promise.all([
      run('db-restore', [backupFile], targetEnv),
      run('db-restore', [brokenFile], brokenTarget),
      // And a backup without a server: directly, under the data-folder lock.
      run('db-backup', [join(out, 'direct.sql')]),
    ]);
    figures.restoreMs = Math.round(performance.now() - started);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .* in [\d.]+ s: \d+ tables, \d+ rows\. Start the server on it with npm start\.$/);
    figures.restoreSays = restore.stdout.replace(/^.* s: /, '');

    expectRefusal(broken, 'The dump did not load into ');
    expect(broken.stderr).toContain('no_such_table');
    if (brokenTarget.DATA_DIR) expect(existsSync(brokenTarget.DATA_DIR)).toBe(false);
    else {
      const database = await openDatabase({ url: brokenUrl });
      const { rows } = await database.executeSql(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
      await database.close();
      expect(rows).toEqual([{ n: 0 }]);
    }

    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout).toBe(join(out, 'direct.sql'));
    expect(direct.stderr).toContain('(directly)');
    const directText = readFileSync(direct.stdout, 'utf8');
    expect(directText).toContain("'after-the-backup@example.com'");
    expect(existsSync(join(sourceDir, 'server.lock'))).toBe(false);

    const again = await run('db-restore', [backupFile], targetEnv);
    expectRefusal(again, ' is not empty: it has public.');
    expect(again.stderr).toContain('db:restore loads only into an empty database.');
  }, 90_000);

  it('gives the same answers on the restored database: every row, the account, the profile, the bookings', async () => {
    target = await openDatabase(targetEnv.DATABASE_URL ? { url: targetEnv.DATABASE_URL } : { pgliteDir: join(targetEnv.DATA_DIR!, 'pglite') });
    // The migrations table came across: the app's migrations find nothing to do.
    const migrations = await migrationCount(target);
    const journal = JSON.parse(readFileSync(join(root, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(migrations).toBe(journal.entries.length);
    await target.migrate();
    expect(await migrationCount(target)).toBe(migrations);

    // Every row of every table as it was when the server took the backup (nothing of the later sign-up).
    const print = await fingerprint(target);
    expect(print).toEqual(sourcePrint);
    figures.tablesCompared = Object.keys(print).length;
    figures.rowsCompared = Object.values(print).reduce((sum, value) => sum + Number(value.split(' ')[0]), 0);

    // A new server on it, with a secret of its own (a new data folder): everyone signs in again.
    targetApp = await buildApp({ config: appConfig(tempDir('kb-backup-app-')), database: target });
    await targetApp.ready();
    expect((await targetApp.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } })).statusCode).toBe(401);
    expect((await signIn(targetApp, owner.email, 'not-the-password')).statusCode).toBe(401);
    expect((await signIn(targetApp, 'after-the-backup@example.com', PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(targetApp, owner.email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = { ...owner, cookie: cookieHeader(signedIn.headers['set-cookie']) };
    const after = await answers(targetApp, again, bookingIds);
    expect(after).toEqual(before);
    expect(after.user).toMatchObject({ firstName: 'Samantha', lastName: "O'Skipper", phone: '(410) 555-0199', city: 'Annapolis' });
    expect(after.bookings).toHaveLength(2);
    expect(after.experts.length).toBeGreaterThan(40);
    expect(after.search.length).toBeGreaterThan(0);
    expect(after.details[1].cancelReason).toContain('\\ backslash\nover two lines');

    // The database's own rules came across too: a booked time cannot be booked twice; a free one can.
    const expertId = before.details[0].expert.id;
    expect((await postBooking(targetApp, again, videoBooking(expertId, daysAhead(12)))).statusCode).toBe(409);
    expect((await postBooking(targetApp, again, videoBooking(expertId, daysAhead(14)))).statusCode).toBe(201);
  }, 60_000);
});

describe('backup files and dumps', () => {
  it('never overwrites a file and names backups by the time', () => {
    const folder = tempDir('kb-backup-files-');
    const at = new Date('2026-11-23T08:15:02.345Z');
    expect(saveBackup('one', folder, at)).toBe(join(folder, 'kb-marine-2026-11-23T08-15-02Z.sql'));
    expect(saveBackup('two', folder, at)).toBe(join(folder, 'kb-marine-2026-11-23T08-15-02Z-2.sql'));
    expect(readFileSync(join(folder, 'kb-marine-2026-11-23T08-15-02Z.sql'), 'utf8')).toBe('one');
    expect(() => saveBackup('three', join(folder, 'kb-marine-2026-11-23T08-15-02Z.sql'))).toThrow(BackupTargetError);
    expect(readdirSync(folder).sort()).toEqual(['kb-marine-2026-11-23T08-15-02Z-2.sql', 'kb-marine-2026-11-23T08-15-02Z.sql']);
  });

  it('refuses what is not a whole dump, and takes out what PostgreSQL 15 and 16 refuse', () => {
    const text = readFileSync(backupFile, 'utf8');
    expect(() => prepareDump('select 1;\n', 'notes.sql')).toThrow(RestoreError);
    expect(() => prepareDump('select 1;\n', 'notes.sql')).toThrow("notes.sql is not a plain SQL dump from pg_dump (it does not start with '-- PostgreSQL database dump').");
    expect(() => prepareDump(text.slice(0, text.length / 2), 'cut.sql')).toThrow('cut.sql is incomplete');
    const withCopy = text.replace(/^INSERT INTO public\.users .*$/m, 'COPY public.users (id) FROM stdin;');
    expect(() => prepareDump(withCopy, 'copy.sql')).toThrow('make the dump with pg_dump --inserts');
    expect(text).toContain('SET transaction_timeout = 0;');
    expect(prepareDump(text, 'the dump').sql).not.toContain('transaction_timeout');
  });
});
