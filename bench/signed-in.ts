// A burst of sign-ups, then signed-in requests: GET /api/auth/user for many different signed-in users at 50 connections, beside the
// bare /healthz and the signed-out answer (401, no session lookup) in the same run.
import { cpus, loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import { line, printSamples, run, signUpUsers, type Target } from './bookings.js';
import { onEachDatabase, rssMb, startServer } from './server-process.js';

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

/** People who press 'Sign up' at the same moment, each from an address of their own. */
const BURST = 50;

/**
 * A burst of sign-ups as people make it: BURST at once from BURST addresses, each retrying after
 * Retry-After as the sign-up form does. Prints how long the last one took and how many were asked to wait.
 */
async function measureSignUpBurst(label: string, target: Target) {
  const started = performance.now();
  let waits = 0;
  const signUp = async (i: number) => {
    for (;;) {
      const response = await fetch(`${target.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: target.origin, 'x-forwarded-for': `10.78.0.${i + 1}` },
        body: JSON.stringify({ email: `burst-${randomUUID().slice(0, 12)}@example.com`, password: 'correct-horse-battery', name: 'Burst Owner' }),
      });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
      if (response.status !== 503) throw new Error(`sign-up failed: ${response.status}`);
      waits++;
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
    }
  };
  const times = (await Promise.all(Array.from({ length: BURST }, (_, i) => signUp(i)))).sort((a, b) => a - b);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`${label}: ${BURST} sign-ups at once from ${BURST} addresses: all signed up, the median in ${seconds(times[BURST / 2]!)} s, the last in ${seconds(times.at(-1)!)} s; ${waits} answers asked to wait (503 Retry-After)`);
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
        await measureSignUpBurst(label, target);
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
  await onEachDatabase(measure);
}
