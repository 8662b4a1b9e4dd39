import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 on /readyz. */
  readyAfterMs: number;
  stop(): Promise<void>;
}

/** Starts the real server (src/server/main.ts) and waits for /readyz. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`${baseUrl}/readyz`).then((r) => r.status === 200).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyAfterMs = performance.now() - started;
  return {
    process: child,
    baseUrl,
    readyAfterMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
