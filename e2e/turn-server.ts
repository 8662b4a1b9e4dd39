import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** Debian's coturn (`.ci/run` installs it). */
const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
/** Relay addresses it may hand out: UDP ports just above its own. */
const RELAY_PORTS = 200;
const READY_WITHIN_MS = 15_000;

export interface TurnServer {
  /** What TURN_URLS says of it. */
  url: string;
  /** Its static-auth-secret: TURN_SECRET. */
  secret: string;
  /** What it has logged so far: the allocations it made, with their usernames. */
  log(): string;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * coturn on 127.0.0.1, checking credentials with a secret of its own as it does in production
 * (`use-auth-secret`, the scheme of docs/PRODUCT.md#video-calls), and relaying to peers on loopback, where
 * the journeys' browsers are. Nothing but UDP and TCP on one port; its files live in a folder of its own.
 */
export async function startTurnServer(): Promise<TurnServer> {
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'kb-e2e-turn-'));
  let output = '';
  const server = spawn(
    TURNSERVER,
    [
      '-n',
      // Its sessions' usernames and allocations, for the journey to see whose credentials it took.
      '--verbose',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${port + 1}`,
      `--max-port=${port + RELAY_PORTS}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=kbmarine.test',
      '--no-tls',
      '--no-dtls',
      '--allow-loopback-peers',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let failed = false;
  server.once('error', (error) => ((failed = true), (output += `${error.message}\n`)));
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (!failed && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + READY_WITHIN_MS; Date.now() < deadline; ) {
    if (failed || server.exitCode !== null) break;
    if (await listening(port)) return { url: `turn:127.0.0.1:${port}?transport=udp`, secret, log: () => output, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`coturn did not start on port ${port}:\n${output}`);
}
