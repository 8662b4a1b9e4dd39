import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { SERVER_BUNDLE } from './servers.js';
import { startMailDrop } from './mail-drop.js';
import { startFakePushService, type FakePushService } from '../src/server/test/fake-push-service.js';

/**
 * An app server that may push to the tests' push service on 127.0.0.1 (ALLOW_PRIVATE_PUSH_ENDPOINTS), for
 * the installable-app journey: the real server process on its own embedded database with the demo experts,
 * and a push service that checks its VAPID signature and decrypts what it sends.
 */
export interface PushAppServer {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
  push: FakePushService;
  stop(): Promise<void>;
}

export async function startPushAppServer(): Promise<PushAppServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-push-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'kb-e2e-push-mail-'));
  const mailDrop = await startMailDrop(mailDir);
  const server: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: mailDrop.url,
      TRUST_PROXY: 'true',
      ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) break;
    if (server.exitCode !== null) throw new Error('the push-configured server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }
  // The server made its VAPID keys on its first start: the push service checks signatures against its key.
  const { publicKey } = (await (await fetch(`${baseUrl}/api/push/public-key`)).json()) as { publicKey: string };
  const push = await startFakePushService(publicKey);

  return {
    baseUrl,
    dataDir,
    mailDir,
    push,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await push.close();
      await mailDrop.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
