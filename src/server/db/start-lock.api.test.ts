import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-app.js';
import { projectRoot } from '../project-root.js';
import { serverArgs } from '../test/server-process.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { retryOnDeadlock, START_LOCK_KEY } from './start-lock.js';
import { demoExperts } from '../seed/demo-experts.js';
import { demoApplicants } from '../seed/demo-applicants.js';

/** A real PostgreSQL error with the given SQLSTATE, raised by the database itself. */
const raise = (database: DatabaseHandle, sqlState: string) =>
  database.executeSql(`do $$ begin raise exception 'raised by the test' using errcode = '${sqlState}'; end $$`);

describe('start-up: a deadlock is retried', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(process.env.TEST_DB === 'postgres' ? { url: process.env.TEST_DATABASE_URL! } : {});
  });
  afterAll(() => database.close());

  it('runs the work again after PostgreSQL ended it to break a deadlock (40P01), and not after another error', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls === 1) await raise(database, '40P01');
      return 'done';
    });
    expect({ answer, calls }).toEqual({ answer: 'done', calls: 2 });

    let others = 0;
    await expect(
      retryOnDeadlock(async () => {
        others += 1;
        await raise(database, '23505');
      }),
    ).rejects.toThrow('raised by the test');
    expect(others).toBe(1);
  });
});

const SERVERS = 3;
const QUEUES = ['email-send', 'booking-notice', 'booking-reminder', 'bookings-sweep', 'booking-message-unread-email', 'payment-refund', 'housekeeping'];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  stderr: string[];
}

/** The server as `npm start` runs it (the bundle): start-up is main.ts's. */
async function spawnServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-start-'));
  const child = spawn(process.execPath, serverArgs(), {
    cwd: projectRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return { child, baseUrl, dataDir, stderr };
}

/** 'ready' once /readyz answers 200, or how the server ended. */
async function outcome(server: Server, deadline: number): Promise<string> {
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) return `exited with ${server.child.exitCode}: ${server.stderr.join('').slice(-600)}`;
    if (await fetch(`${server.baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) return 'ready';
    await new Promise((r) => setTimeout(r, 100));
  }
  return 'not ready in time';
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

// PGlite admits one process per data folder: several servers on one database exist only on PostgreSQL.
if (process.env.TEST_DB === 'postgres') {
  describe('start-up: servers starting together on one empty database', () => {
    let created: { url: string; drop: () => Promise<void> };
    let holder: pg.Client;
    const servers: Server[] = [];
    beforeAll(async () => {
      created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      holder = new pg.Client({ connectionString: created.url });
      await holder.connect();
    });
    afterAll(async () => {
      await Promise.all(servers.map(stop));
      await holder.end();
      await created.drop();
    });

    it(`${SERVERS} servers started at once with SEED_DEMO seed the demo data once, create the job queues and are all ready (PostgreSQL only: PGlite admits one process)`, { timeout: 180_000 }, async () => {
      // The test holds the lock the servers migrate under until all of them wait for it, so they are let
      // through at the same moment, however long each took to load.
      await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
      for (let i = 0; i < SERVERS; i++) servers.push(await spawnServer(created.url));
      const waiting = async () =>
        (
          await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 120_000, interval: 200 }).toBe(SERVERS);
      await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);

      const deadline = Date.now() + 50_000;
      const outcomes = await Promise.all(servers.map((server) => outcome(server, deadline)));
      expect(outcomes).toEqual(servers.map(() => 'ready'));

      const count = async (query: string) => (await holder.query<{ n: number }>(query)).rows[0]!.n;
      expect(await count(`select count(*)::int as n from experts where status = 'approved'`)).toBe(demoExperts.length);
      expect(await count(`select count(*)::int as n from experts where status = 'approved' and user_id is null`)).toBe(0);
      expect(await count(`select count(*)::int as n from expert_applications`)).toBe(demoApplicants.length);
      const { rows } = await holder.query<{ name: string }>(`select name from pgboss.queue`);
      expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(QUEUES));
    });
  });
}
