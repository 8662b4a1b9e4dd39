import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase } from '../../test/test-app.js';
import { projectRoot } from '../../project-root.js';
import { SERVER_START_MS, serverArgs, withMigratedDatabase } from '../../test/server-process.js';

/**
 * SIGTERM on the production server (the bundle `npm start` runs, built from these sources) while keep-alive clients
 * have requests in flight: every request the server received is answered in full, idle keep-alive
 * sockets are closed at once, and the process exits 0 within seconds. Runs on the database of the
 * project (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */

const onPostgres = process.env.TEST_DB === 'postgres';
/** PGlite answers one query at a time: 50 clients keep it as busy as 100 keep PostgreSQL. */
const CLIENTS = onPostgres ? 100 : 50;
/** Requests whose body is still arriving at SIGTERM. */
const UPLOADS = 20;
const UPLOAD_REST_AFTER_MS = 300;
/** Requests each client has had answered before SIGTERM, so every one holds a kept-alive socket. */
const WARM_UP_REQUESTS = 3;

const root = projectRoot();

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
  /** The paths of the requests the server logged as received ('incoming request'). */
  received: Set<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the whole log has been read. */
  logRead: Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, LOG_LEVEL: 'info', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const received = new Set<string>();
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    if (!line.includes('incoming request')) return;
    const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
    if (url) received.add(url);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const logRead = new Promise<void>((resolve) => child.once('close', () => resolve()));
  for (const deadline = Date.now() + SERVER_START_MS; ; ) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, baseUrl, received, exited, logRead };
}

interface Outcome {
  path: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  /** The body arrived whole: it parses as the JSON the route answers. */
  complete?: boolean;
  connection?: string;
  error?: string;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  /** A body sent in two parts: the first at once, the rest when `rest` resolves (an upload in progress). */
  body?: { first: string; rest: string; after: Promise<unknown> };
}

/** One request on the agent's kept-alive sockets. */
function send(agent: Agent, baseUrl: string, path: string, sockets: Set<Socket>, call: Call = {}): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: Omit<Outcome, 'path' | 'startedAt' | 'endedAt'>) =>
      resolve({ path, startedAt, endedAt: performance.now(), ...outcome });
    const headers = { ...call.headers, ...(call.body ? { 'content-length': String(Buffer.byteLength(call.body.first + call.body.rest)) } : {}) };
    const req = request(`${baseUrl}${path}`, { agent, method: call.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let complete = true;
        try {
          JSON.parse(Buffer.concat(chunks).toString());
        } catch {
          complete = false;
        }
        done({ status: res.statusCode, complete, connection: res.headers.connection });
      });
      res.on('error', (error: NodeJS.ErrnoException) => done({ status: res.statusCode, error: error.code ?? error.message }));
    });
    req.on('socket', (socket) => sockets.add(socket));
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    if (!call.body) {
      req.end();
      return;
    }
    req.write(call.body.first);
    const { rest, after } = call.body;
    void after.then(() => req.end(rest));
  });
}

async function signUp(baseUrl: string): Promise<{ email: string; cookie: string }> {
  const email = `shutdown-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'Shut Down' }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
  // A sign-up starts no session (the e-mailed code would): the password signs in, the address unverified.
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`);
  return { email, cookie: signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

const countBy = (values: (string | undefined)[]) =>
  Object.fromEntries([...new Set(values)].map((v) => [String(v), values.filter((x) => x === v).length]));

let database: { url: string; drop(): Promise<void> } | undefined;
let dataDir = '';

beforeAll(async () => {
  dataDir = withMigratedDatabase(mkdtempSync(join(tmpdir(), 'kb-shutdown-')));
  if (onPostgres) {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject('databaseTemplate'));
  }
}, 240_000);

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`SIGTERM with ${CLIENTS} keep-alive clients (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers every request it received, closes idle sockets and exits 0 within seconds', async () => {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' });
    const user = await signUp(server.baseUrl);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const uploadAgent = new Agent({ keepAlive: true, maxSockets: UPLOADS });
    const sockets = new Set<Socket>();
    const outcomes: Outcome[] = [];
    const pending = new Set<string>();
    let exited = false;
    void server.exited.then(() => (exited = true));
    let sigtermSent = false;
    let counter = 0;
    const track = async (path: string, call?: Call) => {
      pending.add(path);
      const outcome = await send(call ? uploadAgent : agent, server.baseUrl, path, sockets, call);
      pending.delete(path);
      outcomes.push(outcome);
      return outcome;
    };

    // Uploads in progress: profile changes whose headers and the start of their body the server received
    // before the load began, and whose body ends after SIGTERM.
    let sigterm!: (at: number) => void;
    const sigtermAt = new Promise<number>((resolve) => (sigterm = resolve));
    const body = JSON.stringify({ firstName: 'Slow', lastName: 'Upload', email: user.email });
    const uploads = Array.from({ length: UPLOADS }, (_, n) =>
      track(`/api/profile?upload=${n}`, {
        method: 'PATCH',
        headers: { origin: server.baseUrl, cookie: user.cookie, 'content-type': 'application/json' },
        body: { first: body.slice(0, 20), rest: body.slice(20), after: sigtermAt.then(() => new Promise((r) => setTimeout(r, UPLOAD_REST_AFTER_MS))) },
      }),
    );
    while (![...Array(UPLOADS).keys()].every((n) => server.received.has(`/api/profile?upload=${n}`))) {
      await new Promise((r) => setTimeout(r, 10));
    }

    // Each client sends its next request as soon as the last one is answered (a listing, from the
    // database: every query is distinct). Half of them go on after SIGTERM until a request fails (a
    // refused connection once the server stopped listening); the other half stop sending and leave their
    // kept-alive socket idle, as a load balancer's pool would.
    const answered = Array.from({ length: CLIENTS }, () => 0);
    const client = async (n: number) => {
      const goesOn = n % 2 === 0;
      while (!exited && (goesOn || !sigtermSent)) {
        const outcome = await track(`/api/experts?q=shutdown-${n}-${(counter += 1)}`);
        if (outcome.error) return;
        answered[n]! += 1;
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    for (let waited = 0; answered.some((count) => count < WARM_UP_REQUESTS); waited += 10) {
      if (waited > 20_000) throw new Error('the clients did not get going');
      await new Promise((r) => setTimeout(r, 10));
    }
    const socketsBefore = sockets.size;
    const requestsBefore = outcomes.length + pending.size;

    const sentAt = performance.now();
    const inFlight = new Set(pending);
    sigtermSent = true;
    server.child.kill('SIGTERM');
    sigterm(sentAt);
    const { code, signal } = await server.exited;
    const exitMs = performance.now() - sentAt;
    await Promise.all([...clients, ...uploads, server.logRead]);
    agent.destroy();
    uploadAgent.destroy();

    const atSigterm = outcomes.filter((o) => inFlight.has(o.path));
    const failed = outcomes.filter((o) => o.error);
    const failedButReceived = failed.filter((o) => server.received.has(o.path));
    const answeredAfter = outcomes.filter((o) => o.endedAt > sentAt && !o.error);
    const uploadOutcomes = outcomes.filter((o) => o.path.startsWith('/api/profile'));
    const figures = {
      requests: outcomes.length,
      socketsBeforeSigterm: socketsBefore,
      requestsBeforeSigterm: requestsBefore,
      inFlightAtSigterm: inFlight.size,
      inFlightAnswered: atSigterm.filter((o) => !o.error).length,
      inFlightReset: atSigterm.filter((o) => o.error).length,
      uploadsAnswered: uploadOutcomes.filter((o) => o.status === 200).length,
      answeredAfterSigterm: answeredAfter.length,
      answeredAfterSigtermByConnection: countBy(answeredAfter.map((o) => o.connection)),
      failedByError: countBy(failed.map((o) => o.error)),
      failedButReceived: failedButReceived.length,
      exitCode: code,
      exitMs: Math.round(exitMs),
    };
    console.info(`shutdown (${onPostgres ? 'PostgreSQL' : 'PGlite'}):`, JSON.stringify(figures));

    // The log names every request that was answered, so it tells which requests the server received.
    expect(outcomes.filter((o) => !o.error && !server.received.has(o.path)).map((o) => o.path)).toEqual([]);
    // Keep-alive was really in use: every client had sent several requests on one socket.
    expect(socketsBefore).toBeLessThan(requestsBefore / 2);
    // Every request the server received was answered in full; only requests it never saw failed
    // (sent on a socket it had just closed as idle, or new connections once it stopped listening).
    expect(failedButReceived.map((o) => `${o.path}: ${o.error}`)).toEqual([]);
    for (const outcome of outcomes.filter((o) => !o.error)) {
      expect(outcome, outcome.path).toMatchObject({ status: 200, complete: true });
    }
    // The uploads were received before SIGTERM and finished after it: answered, and told to close.
    expect(uploadOutcomes.map((o) => [o.status, o.connection])).toEqual(uploadOutcomes.map(() => [200, 'close']));
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
  }, 150_000);
});
