import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { SERVER_START_MS, serverArgs, withMigratedDatabase } from '../src/server/test/server-process.js';
import { createPostgresDatabase } from '../src/server/test/test-app.js';

// The real command and the real server process, on the embedded database (or PostgreSQL with TEST_DB=postgres).

const root = new URL('..', import.meta.url).pathname;
const dataDir = withMigratedDatabase(mkdtempSync(join(tmpdir(), 'kb-cli-')));
let databaseUrl: string | undefined;
let server: ChildProcess | undefined;
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as { port: number };
      probe.close(() => resolve(p));
    });
  });
}

function env() {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl ?? '',
  };
}

function command(script: string, args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: env(),
    encoding: 'utf8',
    timeout: 60_000,
    input,
  });
}

const setRole = (...args: string[]) => command('scripts/set-role.ts', args);
const setPassword = (args: string[], input?: string) => command('scripts/set-password.ts', args, input);

async function signIn(email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

async function startServer() {
  server = spawn(process.execPath, serverArgs(), { cwd: root, env: env(), stdio: 'pipe' });
  for (const deadline = Date.now() + SERVER_START_MS; Date.now() < deadline; ) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

async function stopServer() {
  if (!server) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  server = undefined;
}

async function signUp(email: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: 'cli-test-password', name: 'C L', firstName: 'C', lastName: 'L' }),
  });
  expect(response.status).toBe(200);
  // A sign-up starts no session (the e-mailed code would): the password signs in, the address unverified.
  const signedIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: 'cli-test-password' }),
  });
  expect(signedIn.status).toBe(200);
  return signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function roleOf(cookie: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { cookie } });
  return ((await response.json()) as { role: string }).role;
}

let dropDatabase = async () => {};

beforeAll(async () => {
  port = await freePort();
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('databaseTemplate'));
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  await startServer();
}, 180_000);

afterAll(async () => {
  await stopServer();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run user:set-role', () => {
  it('makes an administrator while the server runs', async () => {
    const cookie = await signUp('harbor-master@example.com');
    const result = setRole('harbor-master@example.com', 'admin');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('now has the role admin');
    expect(await roleOf(cookie)).toBe('admin');
  }, 150_000);

  it('answers an unknown e-mail with a clear message and exit code 1', () => {
    const result = setRole('nobody-here@example.com', 'admin');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No account uses the e-mail address nobody-here@example.com');
    expect(result.stderr).toContain(databaseUrl ? '(looked in the PostgreSQL database kb_' : `(looked in the embedded database in ${dataDir}, through the server running on it)`);
  }, 150_000);

  it('never creates an embedded database: a data folder without one is named in the error', () => {
    const empty = mkdtempSync(join(tmpdir(), 'kb-cli-empty-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', 'anyone@example.com', 'admin'], {
        cwd: root,
        env: { ...env(), DATA_DIR: empty, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`There is no embedded database in ${empty}`);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses an unknown role with exit code 1', () => {
    const result = setRole('harbor-master@example.com', 'captain');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Unknown role 'captain'");
  }, 150_000);

  it('works with the server stopped, and the server sees the change when it starts again', async () => {
    await stopServer();
    if (!databaseUrl) expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    const result = setRole('harbor-master@example.com', 'expert');
    expect(result.status, result.stderr).toBe(0);
    await startServer();
    const { cookie } = await signIn('harbor-master@example.com', 'cli-test-password');
    expect(await roleOf(cookie)).toBe('expert');
  }, 180_000);

  // Only the embedded database has the one-process rule.
  if (process.env.TEST_DB !== 'postgres') {
    it('refuses to start a second server on the same embedded data folder', () => {
      const second = spawnSync(process.execPath, serverArgs(), {
      cwd: root,
      env: { ...env(), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
      expect(second.stderr).toContain('is using this data folder');
    }, 150_000);
  }
});

describe('npm run user:set-password', () => {
  it('sets a new password while the server runs, ends the sessions, and the old password stops working', async () => {
    const cookie = await signUp('deckhand@example.com');
    const result = setPassword(['deckhand@example.com', '--password', 'a-brand-new-password']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('deckhand@example.com can now sign in with the new password');
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    expect((await signIn('deckhand@example.com', 'cli-test-password')).status).toBe(401);
    expect((await signIn('deckhand@example.com', 'a-brand-new-password')).status).toBe(200);
  }, 150_000);

  it('reads the password from standard input when none is given', async () => {
    const result = setPassword(['deckhand@example.com'], 'piped-in-password\nignored second line\n');
    expect(result.status, result.stderr).toBe(0);
    expect((await signIn('deckhand@example.com', 'piped-in-password')).status).toBe(200);
  }, 150_000);

  it('refuses a short password and an unknown e-mail with clear messages and exit code 1', () => {
    const short = setPassword(['deckhand@example.com', '--password', 'short']);
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters');
    const unknown = setPassword(['nobody-here@example.com', '--password', 'long-enough-password']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account uses the e-mail address nobody-here@example.com');
    expect(setPassword(['--password']).stderr).toContain('Usage: npm run user:set-password');
  }, 150_000);
});
