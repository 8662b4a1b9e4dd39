import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { profiling } from './cpu-profile.js';

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
  /** The inspector's port when the benchmark profiles the server (BENCH_CPU_PROFILE=1). */
  inspectPort?: number;
  stop(): Promise<void>;
}

/**
 * How `npm start` runs the server (package.json): glibc's malloc settings must be in the environment when
 * the process starts and V8's heap settings on node's command line, so the script sets them there, and
 * the benchmarks start the server the same way.
 */
function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const command = /exec env ((?:\w+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.start);
  if (!command) throw new Error(`package.json's start script is not 'exec env NAME=value... node --flag... dist/server/main.js'`);
  const env = Object.fromEntries(command[1]!.trim().split(/\s+/).filter(Boolean).map((pair) => pair.split('=') as [string, string]));
  return { env, nodeArgs: command[2]!.trim().split(/\s+/).filter(Boolean) };
}

/** Starts the production server (the dist/server bundle `npm start` runs) and waits for /readyz. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const started = performance.now();
  const start = startCommand();
  const inspectPort = profiling ? await freePort() : undefined;
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const child = spawn(process.execPath, [...start.nodeArgs, ...inspect, 'dist/server/main.js'], {
    env: { ...process.env, ...start.env, PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: 'warn', ...env },
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
    inspectPort,
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

/** Runs work against a new database on the PostgreSQL server of `serverUrl`, dropped afterwards. */
export async function withScratchDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `kb_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * Runs `measure` on a new PostgreSQL database (when BENCH_DATABASE_URL is set, else says it is skipped)
 * and then on a new embedded one, each with a data folder of its own, and answers what each measured.
 */
export async function onEachDatabase<T>(
  measure: (label: 'PostgreSQL' | 'PGlite', env: Record<string, string>) => Promise<T>,
): Promise<Array<[string, T]>> {
  const results: Array<[string, T]> = [];
  const withDataDir = async (label: 'PostgreSQL' | 'PGlite', env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), `kb-bench-${label.toLowerCase()}-`));
    try {
      results.push([label, await measure(label, { ...env, DATA_DIR: dataDir })]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await withScratchDatabase(pgUrl, (url) => withDataDir('PostgreSQL', { DATABASE_URL: url }));
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  await withDataDir('PGlite', { DATABASE_URL: '' });
  return results;
}
