import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { startMailDrop } from './mail-drop.js';
import { SERVER_BUNDLE, type E2eServer } from './servers.js';

export interface AppServer extends E2eServer {
  /** Stops the server (SIGTERM, waiting for it to exit), its mail drop, and removes its folders. */
  stop(): Promise<void>;
}

/** How long a server may take to answer /readyz: the first start migrates and seeds a fresh database. */
const READY_WITHIN_MS = 150_000;

/**
 * The real server process as `npm start` runs it, on an embedded database of its own with its own mail
 * drop, ready once /readyz answers. TRUST_PROXY lets each browser context present its own client address
 * (see browser.ts), so per-address limits apply per simulated visitor, as in production; `env` adds what
 * a journey needs (a test clock, a fake Stripe or Twilio, private push or calendar addresses).
 */
export async function startAppServer(name: string, env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `kb-e2e-${name}-`));
  const mailDir = mkdtempSync(join(tmpdir(), `kb-e2e-${name}-mail-`));
  const mailDrop = await startMailDrop(mailDir);
  const server = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: mailDrop.url,
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mailDrop.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + READY_WITHIN_MS; Date.now() < deadline; ) {
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) return { baseUrl, dataDir, mailDir, stop };
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the ${name} server exited during start-up`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the ${name} server was not ready within ${READY_WITHIN_MS / 1000} s`);
}
