// A boat filled to its limits (500 notes of 4,000 characters, 100 tasks): how long its service record PDF
// takes, and how long /healthz waits beside it (the PDF is laid out on a thread of its own).
import { randomUUID } from 'node:crypto';
import { signUpUsers, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';
import { BOAT_LIMITS } from '../src/common/boats.js';
import { MAINTENANCE_LIMITS } from '../src/common/maintenance-rules.js';

const BUDGET_HEALTHZ_MS = 50;
/** Writes sent at once while filling the boat. */
const SETUP_CONCURRENCY = 4;
/** How often /healthz is asked while the PDF is being made. */
const PROBE_EVERY_MS = 10;

async function send(target: Target, cookie: string, method: string, path: string, body: unknown, expected: number): Promise<unknown> {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: target.origin, cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`setup: ${method} ${path} answered ${response.status} ${await response.text()}`);
  return response.json();
}

async function inTurns(count: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** A boat with an engine, then notes and tasks up to the limits. */
async function fullBoat(target: Target, cookie: string): Promise<string> {
  const { boat } = (await send(target, cookie, 'POST', '/api/boats', {
    name: 'Bench Full Boat',
    boatType: 'powerboat',
    hullType: 'monohull',
    propulsion: 'outboard',
    engines: [{ make: 'Mercury', model: '90', year: 2012, hours: 420, fuel: 'gasoline' }],
    homeZip: '02108',
  }, 201)) as { boat: { id: string } };
  const words = 'Checked the raw-water strainer, the impeller housing and the belts; topped up the gear oil. ';
  const body = (i: number) => `${i}: ${words.repeat(Math.ceil(BOAT_LIMITS.note / words.length))}`.slice(0, BOAT_LIMITS.note);
  await inTurns(BOAT_LIMITS.notesPerBoat, (i) => send(target, cookie, 'POST', `/api/boats/${boat.id}/notes`, { body: body(i) }, 201));
  const { tasks } = (await (await fetch(`${target.url}/api/boats/${boat.id}/tasks`, { headers: { cookie } })).json()) as { tasks: unknown[] };
  const due = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await inTurns(MAINTENANCE_LIMITS.tasksPerBoat - tasks.length, (i) =>
    send(target, cookie, 'POST', `/api/boats/${boat.id}/tasks`, { title: `Bench task ${i}`, specialty: 'engines', dueDate: due, intervalMonths: 12 }, 201),
  );
  return boat.id;
}

async function healthzMs(target: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${target.url}/healthz`);
  await response.arrayBuffer();
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ ...env, TRUST_PROXY: 'true' });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: Boolean(env.DATABASE_URL) };
  try {
    const [cookie] = await signUpUsers(target, 1);
    const filling = performance.now();
    const boatId = await fullBoat(target, cookie!);
    console.log(`${label}: boat filled (${BOAT_LIMITS.notesPerBoat} notes of ${BOAT_LIMITS.note} characters, ${MAINTENANCE_LIMITS.tasksPerBoat} tasks) in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push(await healthzMs(target));
    const pdfUrl = `${target.url}/api/boats/${boatId}/service-record.pdf`;
    // Warm-up, not reported: the thread starts and the JIT warms up.
    await (await fetch(pdfUrl, { headers: { cookie: cookie! } })).arrayBuffer();

    const beside: number[] = [];
    let done = false;
    const started = performance.now();
    const pdf = fetch(pdfUrl, { headers: { cookie: cookie! } }).then(async (response) => {
      const bytes = (await response.arrayBuffer()).byteLength;
      done = true;
      return { status: response.status, bytes, ms: performance.now() - started };
    });
    // A second request of the same owner while the first is made.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await fetch(pdfUrl, { headers: { cookie: cookie! } });
    await second.arrayBuffer();
    while (!done) {
      beside.push(await healthzMs(target));
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    const made = await pdf;
    const worst = Math.max(...beside);
    console.log(`${label}: PDF ${made.status}, ${(made.bytes / 1024).toFixed(0)} KB in ${ms(made.ms)}; a second at once from the same owner: ${second.status}`);
    console.log(`${label}: /healthz idle p50 ${ms(percentile(idle, 50))}, max ${ms(Math.max(...idle))}`);
    console.log(
      `${label}: /healthz beside the PDF (${beside.length} requests) p50 ${ms(percentile(beside, 50))}, p99 ${ms(percentile(beside, 99))}, max ${ms(worst)} (goal <= ${BUDGET_HEALTHZ_MS} ms: ${worst <= BUDGET_HEALTHZ_MS ? 'ok' : 'OVER'})`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchServiceRecord() {
  await onEachDatabase(measure);
}
