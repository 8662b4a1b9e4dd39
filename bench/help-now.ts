// Help now under load (docs/PRODUCT.md 'Help now'): every demo expert is on call, online with a page open
// (the rings' live socket) and a device subscribed to push (a push service on 127.0.0.1); owners send
// requests at a steady rate and call each off a moment later, as an owner does once someone answers. A
// request's lag is the time from sending `POST /api/help-requests` to its ring arriving on each rung
// expert's socket, and to its push arriving at the push peer.
import { cpus, loadavg } from 'node:os';
import WebSocket from 'ws';
import { signUpUsers, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';
import { call, setPasswords, signIn } from './notification-fanout.js';
import { startFakePushService } from '../src/server/test/fake-push-service.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { demoExperts } from '../src/server/seed/demo-experts.js';
import type { HelpRequest, HelpRings } from '../src/common/help-now.js';

/** Requests a second, and for how long (after a warm-up that is not measured). */
const RATE = Number(process.env.BENCH_HELP_RATE ?? 5);
const SECONDS = Number(process.env.BENCH_HELP_SECONDS ?? 20);
const WARM_UP_S = 4;
/** Owners take turns: one request rings at a time per owner, and an owner sends at most 6 an hour. */
const OWNERS = 60;
/** How long after its answer an owner calls a request off. */
const CANCEL_AFTER_MS = 1500;
const BUDGET_P99_MS = 1000;
const QUIET_MS = 4000;

type Label = 'PostgreSQL' | 'PGlite';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const tokenOf = (text: string) => Number(/Bench request (\d+):/.exec(text)?.[1]);

interface Sent {
  at: number;
  rung: number;
}

/** An expert's open page: the rings' socket, and when each request's ring first reached it. */
function openPage(target: Target, cookie: string, arrivals: Map<number, number[]>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${target.url.replace('http', 'ws')}/api/help-rings/live`, { headers: { origin: target.origin, cookie } });
    const seen = new Set<number>();
    socket.on('message', (data) => {
      const at = performance.now();
      for (const ring of (JSON.parse(String(data)) as HelpRings).rings) {
        const token = tokenOf(ring.problem);
        if (seen.has(token)) continue;
        seen.add(token);
        arrivals.set(token, [...(arrivals.get(token) ?? []), at]);
      }
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Requests at RATE for `seconds`, numbered from `first`; each is called off CANCEL_AFTER_MS after its answer. */
async function requestLoad(target: Target, owners: string[], first: number, seconds: number) {
  const sent = new Map<number, Sent>();
  const statuses: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const total = Math.round(RATE * seconds);
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    const n = first + i;
    const cookie = owners[n % owners.length]!;
    pending.push(
      (async () => {
        const at = performance.now();
        const response = await fetch(`${target.url}/api/help-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: target.origin, cookie },
          body: JSON.stringify({
            specialty: 'engines',
            problem: `Bench request ${n}: the engine stopped two miles out and will not restart.`,
            boatId: null,
            location: { kind: 'place', marina: 'Harbor Marina', zipCode: '21403' },
          }),
        });
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status !== 201) return;
        const request = (await response.json()) as HelpRequest;
        sent.set(n, { at, rung: request.expertsRung });
        await sleep(CANCEL_AFTER_MS);
        await fetch(`${target.url}/api/help-requests/${request.id}/cancel`, { method: 'POST', headers: { origin: target.origin, cookie } });
      })(),
    );
  }
  await Promise.all(pending);
  return { sent, statuses };
}

function lagLine(name: string, lags: number[], expected: number): string {
  const sorted = [...lags].sort((a, b) => a - b);
  const p99 = sorted.length < expected ? Infinity : percentile(sorted, 99);
  const missing = expected - sorted.length;
  return `    send -> ${name.padEnd(22)} ${sorted.length}/${expected} arrived; p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)} (budget p99 <= ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS ? 'PASS' : 'FAIL'})${missing > 0 ? `; ${missing} missing` : ''}`;
}

async function measure(label: Label, serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'true', ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true' });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: label === 'PostgreSQL' };
  const { publicKey } = (await (await fetch(`${target.url}/api/push/public-key`)).json()) as { publicKey: string };
  const push = await startFakePushService(publicKey);
  const sockets: WebSocket[] = [];
  try {
    const setUpStarted = performance.now();
    // Every demo expert, taking bookings now or not: being on call is a setting of its own.
    const everyone = (await (await fetch(`${target.url}/api/experts?limit=100`)).json()) as { name: string; serviceTypes: string[] }[];
    const listed = new Map(everyone.map((e) => [e.name, e]));
    const names = demoExperts.map((e) => e.name).filter((name) => listed.has(name));
    await setPasswords(label, serverEnv, names.map(demoEmailOf));
    const socketArrivals = new Map<number, number[]>();
    for (const name of names) {
      const cookie = await signIn(target, demoEmailOf(name));
      // Every demo expert takes Help now calls for the bench: those who only visit take video calls too.
      if (!listed.get(name)!.serviceTypes.includes('video')) {
        await call(target, 'PATCH', '/api/workspace/profile', cookie, { serviceTypes: ['video', 'onsite'], videoRate: '60' });
      }
      await call(target, 'PUT', '/api/workspace/on-call', cookie, { onCall: true, from: '00:00', to: '23:59', firstPrice: '45', minutePrice: '2.50' });
      await call(target, 'POST', '/api/push/subscriptions', cookie, push.newDevice().subscription, 204);
      sockets.push(await openPage(target, cookie, socketArrivals));
    }
    const owners = await signUpUsers(target, OWNERS);
    console.log(
      `${label}: set up in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s: ${names.length} experts on call (every demo expert), each online with a page open and a device subscribed to push; ${OWNERS} owners`,
    );

    await requestLoad(target, owners, 0, WARM_UP_S);
    await sleep(QUIET_MS);

    const pushMark = push.deliveries.length;
    const first = 1_000_000;
    const load = await requestLoad(target, owners, first, SECONDS);
    await sleep(QUIET_MS);
    const expected = [...load.sent.values()].reduce((sum, s) => sum + s.rung, 0);
    const socketLags: number[] = [];
    const pushLags: number[] = [];
    for (const [n, { at }] of load.sent) for (const arrived of socketArrivals.get(n) ?? []) socketLags.push(arrived - at);
    const firstPush = new Map<string, number>();
    for (const delivery of push.deliveries.slice(pushMark)) {
      const n = tokenOf((JSON.parse(delivery.payload) as { body: string }).body);
      const key = `${n}:${delivery.endpoint}`;
      if (!load.sent.has(n) || firstPush.has(key)) continue;
      firstPush.set(key, delivery.receivedAt);
      pushLags.push(delivery.receivedAt - load.sent.get(n)!.at);
    }
    const urgencies = new Set(push.deliveries.slice(pushMark).map((d) => d.urgency));
    console.log(
      `  ${load.sent.size} requests in ${SECONDS} s (${(load.sent.size / SECONDS).toFixed(1)}/s, asked ${RATE}/s; statuses ${JSON.stringify(load.statuses)}), ${expected} rings (each request rings the best 5)`,
    );
    console.log(lagLine('ring on the live socket:', socketLags, expected));
    console.log(lagLine('push at the push peer:', pushLags, expected));
    console.log(`    push urgency: ${[...urgencies].join(', ')}`);
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
    await push.close();
  }
}

export async function benchHelpNow() {
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`machine: ${cpus().length} CPUs; load average ${load()} (1, 5, 15 min) before; Help now requests at ${RATE}/s for ${SECONDS} s after ${WARM_UP_S} s of warm-up`);
  await onEachDatabase(measure);
  console.log(`load average ${load()} after`);
}
