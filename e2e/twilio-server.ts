import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { SERVER_BUNDLE } from './servers.js';
import { startMailDrop } from './mail-drop.js';
import { startFakeTwilioServer, type FakeTwilioServer } from '../src/server/test/fake-twilio-server.js';

/**
 * An app server configured for texts, for the journeys of the mobile number: the real server process on its
 * own embedded database, texting through the tests' server on 127.0.0.1 that speaks Twilio's API.
 */
export interface TwilioAppServer {
  baseUrl: string;
  /** Where its e-mails land (mail-drop.ts): a new account's code among them. */
  mailDir: string;
  /** The Twilio API the server talks to: the texts it took. */
  twilio: FakeTwilioServer;
  stop(): Promise<void>;
}

export async function startTwilioAppServer(): Promise<TwilioAppServer> {
  const twilio = await startFakeTwilioServer();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-twilio-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'kb-e2e-twilio-mail-'));
  const mailDrop = await startMailDrop(mailDir);
  const server: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SMTP_URL: mailDrop.url,
      TRUST_PROXY: 'true',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+14105550199',
      TWILIO_API_BASE: twilio.baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) break;
    if (server.exitCode !== null) throw new Error('the Twilio-configured server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    mailDir,
    twilio,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await twilio.close();
      await mailDrop.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
