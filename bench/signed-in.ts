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

async function measure(label: string, serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'false' });
  const target: Target = {
    server,
    url: `http://127.0.0.1:${new URL(server.baseUrl).port}`,
    origin: server.baseUrl,
    postgres: Boolean(serverEnv.DATABASE_URL),
  };
  try {
    const started = performance.now();
    const cookies = await signUpUsers(target, SESSIONS);
    console.log(`${label}: ${SESSIONS} users signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
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
    console.log(`${label}, ${CONNECTIONS} connections, requests spread over ${SESSIONS} sessions:`);
    console.log(line('/healthz', healthz));
    console.log(line('/api/auth/user (none)', signedOut));
    console.log(line('GET /api/auth/user', user));
    printSamples(user);
    console.log(`  signed-in answers at ${Math.round((user.rps / healthz.rps) * 100)}% of /healthz's rate; server RSS ${rssMb(server.process.pid!)} MB`);
  } finally {
    await server.stop();
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
