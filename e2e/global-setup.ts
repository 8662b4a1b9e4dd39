import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailDrop } from './mail-drop.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Where the server's e-mails land, one file each (mail-drop.ts). */
    mailDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir = '';
let mailDir = '';
let mailDrop: Awaited<ReturnType<typeof startMailDrop>> | undefined;

export async function setup(project: TestProject) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-'));
  mailDir = mkdtempSync(join(tmpdir(), 'kb-e2e-mail-'));
  mailDrop = await startMailDrop(mailDir);
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // TRUST_PROXY lets each browser context present its own client address (see browser.ts), so the
    // per-address sign-up limit applies per simulated visitor, as it would in production. TEST_CLOCK lets
    // a journey move the booking rules' clock past a booking's start (see e2e/test-clock.ts).
    env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: mailDrop.url, TRUST_PROXY: 'true', TEST_CLOCK: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await mailDrop?.close();
  rmSync(mailDir, { recursive: true, force: true });
}
