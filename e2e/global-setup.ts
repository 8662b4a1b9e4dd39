import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';
import { startMailDrop } from './mail-drop.js';
import { SERVER_BUNDLE, type E2eServer } from './servers.js';

interface Running extends E2eServer {
  process: ChildProcess;
  stopMailDrop: () => Promise<void>;
}

const running: Running[] = [];

/** The real server process on an embedded database of its own, with the demo experts and its own mail drop. */
async function startServer(): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'kb-e2e-mail-'));
  const mailDrop = await startMailDrop(mailDir);
  const server = spawn(process.execPath, [SERVER_BUNDLE], {
    // TRUST_PROXY lets each browser context present its own client address (see browser.ts), so the
    // per-address sign-up limit applies per simulated visitor, as it would in production. TEST_CLOCK lets
    // a journey move the booking rules' clock past a booking's start (see e2e/test-clock.ts).
    // ALLOW_PRIVATE_CALENDAR_URLS lets an expert's calendar be read from a journey's server on 127.0.0.1.
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: mailDrop.url,
      TRUST_PROXY: 'true',
      TEST_CLOCK: 'true',
      ALLOW_PRIVATE_CALENDAR_URLS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started: Running = { baseUrl, dataDir, mailDir, process: server, stopMailDrop: mailDrop.close };
  running.push(started);
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) return started;
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server was not ready within two and a half minutes');
}

export async function setup(project: TestProject) {
  // One server per worker, and no more workers than journey files (a run of one file starts one server).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const workers = Math.max(1, Math.min(Number(project.config.maxWorkers) || 1, testFiles.length));
  const servers = await Promise.all(Array.from({ length: workers }, startServer));
  project.provide('e2eServers', servers.map(({ baseUrl, dataDir, mailDir }) => ({ baseUrl, dataDir, mailDir })));
}

export async function teardown() {
  await Promise.all(
    running.map(async ({ process: server, dataDir, mailDir, stopMailDrop }) => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await stopMailDrop();
      rmSync(mailDir, { recursive: true, force: true });
    }),
  );
}
