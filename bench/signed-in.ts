// Signed-in requests: GET /api/auth/user for many different signed-in users at 50 connections, beside the
// bare /healthz and the signed-out answer (401, no session lookup) in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { line, printSamples, run, signUpUsers, type Target } from './bookings.js';
import { rssMb, startServer, withScratchDatabase } from './server-process.js';

/** Distinct signed-in users the requests are spread over, so no single session stays hot. */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const CONNECTIONS = 50;

async function startTarget(serverEnv: Record<string, string>): Promise<Target> {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'false' });
  return { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: Boolean(serverEnv.DATABASE_URL) };
}

async function measureOnce(label: string, target: Target, cookies: string[]) {
  let n = 0;
  const signedIn = {
    url: target.url,
    connections: CONNECTIONS,
    requests: [{ method: 'GET' as const, path: '/api/auth/user', setupRequest: (request: object) => ({ ...request, headers: { cookie: cookies[n++ % cookies.length]! } }) }],
  };
  // Warm-up, not reported: the JIT, the connection pool.
  await run(target, { ...signedIn, duration: 2 });
  const healthz = await run(target, { url: `${target.url}/healthz`, connections: CONNECTIONS });
  const signedOut = await run(target, { url: `${target.url}/api/auth/user`, connections: CONNECTIONS });
  const user = await run(target, signedIn);
  console.log(`${label}:`);
  console.log(line('/healthz', healthz));
  console.log(line('/api/auth/user (none)', signedOut));
  console.log(line('GET /api/auth/user', user));
  printSamples(user);
  console.log(`  signed-in answers at ${Math.round((user.rps / healthz.rps) * 100)}% of /healthz's rate; server RSS ${rssMb(target.server.process.pid!)} MB`);
}

/**
 * The same sessions served twice: first by a server that looks every session up (SESSION_CACHE_SECONDS=0,
 * the same-run baseline), then by one with the default session cache; both on the same database.
 */
async function measure(label: string, serverEnv: Record<string, string>) {
  let cookies: string[] = [];
  for (const [variant, env] of [
    ['every request looks its session up (SESSION_CACHE_SECONDS=0)', { SESSION_CACHE_SECONDS: '0' }],
    ['session cache (default SESSION_CACHE_SECONDS)', {}],
  ] as const) {
    const target = await startTarget({ ...serverEnv, ...env });
    try {
      if (!cookies.length) {
        const started = performance.now();
        cookies = await signUpUsers(target, SESSIONS);
        console.log(`${label}: ${SESSIONS} users signed up in ${((performance.now() - started) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, requests spread over their sessions`);
      }
      await measureOnce(`${label}, ${variant}`, target, cookies);
    } finally {
      await target.server.stop();
    }
  }
}

export async function benchSignedIn() {
  console.log(`machine: ${cpus().length} CPUs; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} (1, 5, 15 min) before`);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    await withScratchDatabase(pgUrl, async (url) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-pg-'));
      try {
        await measure('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-pglite-'));
  try {
    await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
