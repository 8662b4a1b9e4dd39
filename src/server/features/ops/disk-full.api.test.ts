import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../../project-root.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { QuotaFs } from '../../test/quota-fs.js';
import { ORIGIN, TEST_BASE_URL, createPostgresDatabase } from '../../test/test-app.js';
import { SERVER_START_MS, serverArgs, withMigratedDatabase } from '../../test/server-process.js';

/**
 * The embedded database on a small disk, with a real server process (the bundle `npm start` runs): writes are refused before the disk is full while reads go on, and a database
 * call that never returns ends the process (the watchdog) so that its supervisor starts it again.
 */

const MB = 1024 * 1024;
/** The small disk: room for a fresh embedded database (some 40 MB) and the floor, little more. */
const DISK_MB = 160;
const FLOOR_MB = 48;

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
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(env: Record<string, string>, preload: string[] = []): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(preload), {
    cwd: projectRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server = { child, baseUrl, stderr, exited };
  for (const deadline = Date.now() + SERVER_START_MS; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.join('').slice(-800)}`);
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server was not ready in time: ${stderr.join('').slice(-800)}`);
}

/** SIGTERM, and SIGKILL for a server that did not stop (one stuck in a database call ignores SIGTERM). */
async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const killing = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(killing);
}

const post = (server: Server, path: string, body: unknown, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const account = (n: number) => ({ email: `disk-${n}-${Date.now()}@example.com`, password: 'correct-horse-battery', name: 'Disk Full' });

/** A small file system for the data folder: a tmpfs, which root may mount (these machines, CI). */
function mountSmallDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes a file that leaves `leaveMb` free on the file system of `dir`. */
function fillUpTo(dir: string, leaveMb: number): string {
  const { bavail, bsize } = statfsSync(dir);
  const file = join(dir, 'filler');
  writeFileSync(file, Buffer.alloc(Math.max(0, bavail * bsize - leaveMb * MB)));
  return file;
}

const freeMb = (dir: string) => {
  const { bavail, bsize } = statfsSync(dir);
  return (bavail * bsize) / MB;
};

/** What the small-disk test needs of a server on a small disk, wherever the disk comes from. */
interface OnSmallDisk {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; retryAfter: string | null; body: unknown }>;
  /** Leaves less free space than the floor, and some. */
  fill(): void;
  /** Frees what fill() took. */
  free(): void;
  close(): Promise<void>;
}

/** A real server process with DATA_DIR on a tmpfs. */
async function serverOnTmpfs(disk: string): Promise<OnSmallDisk> {
  const dataDir = join(disk, 'data');
  mkdirSync(dataDir);
  const server = await startServer({ DATA_DIR: withMigratedDatabase(dataDir), DATA_DIR_MIN_FREE_MB: String(FLOOR_MB) });
  let filler: string | undefined;
  return {
    async request(method, path, body) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { origin: server.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    },
    fill() {
      filler = fillUpTo(disk, FLOOR_MB / 2);
      expect(freeMb(disk)).toBeGreaterThan(0);
    },
    free() {
      if (filler) rmSync(filler);
    },
    async close() {
      await stopServer(server);
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  };
}

/**
 * Where a tmpfs cannot be mounted: the app in this process, its PGlite on a file system of the same size
 * that fails writes with ENOSPC (PGlite's `fs` option), whose free space the floor reads.
 */
async function appOnQuotaFs(disk: string): Promise<OnSmallDisk> {
  const pgliteDir = join(disk, 'pglite');
  const quota = new QuotaFs(pgliteDir, DISK_MB * MB);
  const database = await openDatabase({ pgliteDir, pgliteFs: quota });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: disk,
    BASE_URL: TEST_BASE_URL,
    SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    SEED_DEMO: 'false',
    DATA_DIR_MIN_FREE_MB: String(FLOOR_MB),
  });
  const app = await buildApp({ config, database, freeBytes: async () => quota.freeBytes() });
  await app.ready();
  return {
    async request(method, path, body) {
      const response = await app.inject({ method, url: path, headers: ORIGIN, remoteAddress: '127.0.0.1', ...(body ? { payload: body as object } : {}) });
      const retryAfter = response.headers['retry-after'];
      return { status: response.statusCode, retryAfter: retryAfter === undefined ? null : String(retryAfter), body: response.json() };
    },
    fill() {
      quota.capacity = quota.usedBytes() + (FLOOR_MB / 2) * MB;
    },
    free() {
      quota.capacity = quota.usedBytes() + DISK_MB * MB;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

if (process.env.TEST_DB !== 'postgres') {
  describe('the embedded database on a small disk', () => {
    let disk: string;
    let mounted = false;
    beforeAll(() => {
      disk = mkdtempSync(join(tmpdir(), 'kb-disk-'));
      mounted = mountSmallDisk(disk);
    });
    afterAll(() => {
      if (mounted) execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    });

    it('refuses writes with 503 and Retry-After before the disk is full, keeps answering reads, and takes writes again once there is room (a tmpfs, or where mounting is refused PGlite on a file system that fails writes with ENOSPC)', { timeout: 300_000 }, async () => {
      const target = mounted ? await serverOnTmpfs(disk) : await appOnQuotaFs(disk);
      console.info(`small disk: ${mounted ? 'a tmpfs' : 'PGlite on a file system that fails writes with ENOSPC'}`);
      try {
        const owner = account(1);
        expect((await target.request('POST', '/api/auth/sign-up/email', owner)).status).toBe(200);

        // Below the floor, with room still left on the disk.
        target.fill();
        const signIn = () => target.request('POST', '/api/auth/sign-in/email', { email: owner.email, password: owner.password });
        await expect.poll(async () => (await signIn()).status, { timeout: 10_000, interval: 200 }).toBe(503);
        expect(await target.request('POST', '/api/auth/sign-up/email', account(2))).toEqual({
          status: 503,
          retryAfter: '60',
          body: { message: 'The server is short of disk space, so changes are paused for now. Please try again later.' },
        });
        // Reads go on, and the server says it is alive and ready.
        for (const path of ['/healthz', '/readyz', '/api/experts']) {
          expect({ path, status: (await target.request('GET', path)).status }).toEqual({ path, status: 200 });
        }

        // Room again: writes go through, without a restart.
        target.free();
        await expect.poll(async () => (await signIn()).status, { timeout: 10_000, interval: 200 }).toBe(200);
        expect((await target.request('POST', '/api/auth/sign-up/email', account(3))).status).toBe(200);
      } finally {
        await target.close();
      }
    });
  });

  describe('the embedded database watchdog', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = withMigratedDatabase(mkdtempSync(join(tmpdir(), 'kb-watchdog-')));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('ends the server when a database call does not return, saying why on stderr; the next start has everything acknowledged (simulated hang)', { timeout: 300_000 }, async () => {
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_WATCHDOG_SECONDS: '2' }, ['./src/server/test/hang-database.ts']);
      const owner = account(4);
      try {
        expect((await post(server, '/api/auth/sign-up/email', owner)).status).toBe(200);
        server.child.kill('SIGUSR2');
        await expect.poll(() => server.stderr.join(''), { timeout: 10_000 }).toContain('database hang armed');
        // A request that needs the database enters the call that never returns; from then on the main
        // thread is stuck and nothing is answered, /healthz included.
        void fetch(`${server.baseUrl}/api/experts/1`).catch(() => {});
        await expect(fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) })).rejects.toThrow();
        expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
        expect(server.stderr.join('')).toMatch(/"level":60.*"msg":"The embedded database has not answered for \d+ s: the server is exiting/);
      } finally {
        await stopServer(server);
      }

      // The supervisor's restart: the same data folder opens and the account made before is there.
      const again = await startServer({ DATA_DIR: dataDir });
      try {
        expect((await post(again, '/api/auth/sign-in/email', { email: owner.email, password: owner.password })).status).toBe(200);
      } finally {
        await stopServer(again);
      }
    });
  });
} else {
  describe('a small disk under DATA_DIR with PostgreSQL', () => {
    it('does not stop writes: the free-space floor is the embedded database\'s', { timeout: 300_000 }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kb-disk-pg-'));
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('databaseTemplate'));
      // A floor above the free space of any disk here.
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: created.url, DATA_DIR_MIN_FREE_MB: String(1024 * 1024 * 1024) });
      try {
        expect((await post(server, '/api/auth/sign-up/email', account(5))).status).toBe(200);
      } finally {
        await stopServer(server);
        await created.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
