// The notification fan-out under a steady booking load (docs/PRODUCT.md 'Notifications', 'Text messages',
// 'Installable app and push'): owners request bookings of experts who each have a device subscribed to push
// (a push service on 127.0.0.1) and a verified mobile number (a server speaking Twilio's API on
// 127.0.0.1). A booking's lag to each channel is the time from its 201 (sent once the booking committed) to
// the moment its push, or its text, had arrived at that peer. Beside it, the server CPU a booking gains from
// the fan-out: the same load again once those experts turned push and text off, over a window of the same length.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { availableExperts, cpuSeconds, postgresCpuSeconds, signUpUsers, statusText, videoBody, videoTimes, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';
import { startFakePushService, type FakePushService } from '../src/server/test/fake-push-service.js';
import { startFakeTwilioServer, type FakeTwilioServer } from '../src/server/test/fake-twilio-server.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { readLock } from '../src/server/db/data-dir-lock.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { profileDuring, topFunctions } from './cpu-profile.js';
import { localMinutesOf } from '../src/common/zoned-time.js';
import { QUIET_FROM_MINUTES, QUIET_UNTIL_MINUTES } from '../src/server/features/sms/quiet-hours.js';

/** Booking requests a second, and for how long. */
const RATE = Number(process.env.BENCH_FANOUT_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 30);
/** Each kind of load first runs this long unmeasured: the JIT, the pools and the queues warm up. */
const WARM_UP_S = Number(process.env.BENCH_FANOUT_WARM_UP_SECONDS ?? 5);
/** Experts taking the requests, each with a phone. */
const EXPERTS = Number(process.env.BENCH_FANOUT_EXPERTS ?? 20);
const OWNERS = 20;
/** Every push and text should arrive within this of its booking's commit, at the 99th percentile. */
const BUDGET_P99_MS = 2000;
/** What the fan-out may add to a booking's server CPU. */
const CPU_GOAL_MS = 0.5;
/** The arrivals are taken to be all in once none came for this long. */
const QUIET_MS = 5000;
const DRAIN_LIMIT_MS = 120_000;
/** After the last arrival, for the jobs' completions to be written before the CPU is read. */
const SETTLE_MS = 1000;
const PASSWORD = 'correct-horse-battery';
const KIND = 'booking_requested';

type Label = 'PostgreSQL' | 'PGlite';

interface ListedExpert {
  id: number;
  name: string;
  timeZone: string;
  serviceTypes: ('video' | 'onsite')[];
  onsiteMinimumHours: number;
}

/** A booking's 201: when it came and whose booking it is. */
interface Committed {
  at: number;
  expertId: number;
}

interface Arrival {
  number: number;
  at: number;
  /** The push endpoint or the mobile number it went to. */
  to: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const bookingNumber = (text: string) => Number(/#(\d+)/.exec(text)?.[1]);

/**
 * A zone where it is mid-afternoon now, far from quiet hours at both ends, so no booking-request text (which
 * can wait, docs/PRODUCT.md 'Text messages') is held until the morning during the run.
 */
function daytimeZone(now = new Date()): { zone: string; minutes: number } {
  const middle = (QUIET_UNTIL_MINUTES + QUIET_FROM_MINUTES) / 2;
  let best = { zone: 'UTC', minutes: localMinutesOf(now, 'UTC') };
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const minutes = localMinutesOf(now, zone);
    if (Math.abs(minutes - middle) < Math.abs(best.minutes - middle)) best = { zone, minutes };
  }
  return best;
}

export async function call(target: Target, method: string, path: string, cookie: string, body: unknown, expected = 200): Promise<unknown> {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: target.origin, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`setup: ${method} ${path} answered ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Gives the demo experts' accounts (which have none) a password, as `npm run user:set-password` does: through
 * the running server's operator endpoint on the embedded database, directly on PostgreSQL.
 */
export async function setPasswords(label: Label, env: Record<string, string>, emails: string[]): Promise<void> {
  if (label === 'PGlite') {
    const lock = readLock(env.DATA_DIR!);
    if (!lock?.port || !lock.token) throw new Error('setup: the server wrote no operator port and token under DATA_DIR');
    for (const email of emails) {
      const response = await fetch(`http://127.0.0.1:${lock.port}/api/internal/set-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-operator-token': lock.token },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (!response.ok) throw new Error(`setup: set-password for ${email} answered ${response.status} ${await response.text()}`);
    }
    return;
  }
  const { openDatabase } = await import('../src/server/db/client.js');
  const { setUserPassword } = await import('../src/server/auth/set-password.js');
  const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: '' });
  try {
    for (const email of emails) await setUserPassword(database.db, email, PASSWORD);
  } finally {
    await database.close();
  }
}

let nextAddress = 0;
export async function signIn(target: Target, email: string): Promise<string> {
  const n = nextAddress++;
  const response = await fetch(`${target.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: target.origin, 'x-forwarded-for': `10.88.${Math.floor(n / 250)}.${(n % 250) + 1}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`setup: sign-in of ${email} answered ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The code texted to the number, once its job has sent it. */
async function codeTo(twilio: FakeTwilioServer, number: string): Promise<string> {
  for (const deadline = performance.now() + 30_000; performance.now() < deadline; await sleep(50)) {
    const code = twilio.texts.findLast((text) => text.to === number)?.body.match(/^(\d{6}) is your K&B Marine code/)?.[1];
    if (code) return code;
  }
  throw new Error(`setup: no code was texted to ${number}`);
}

interface Phone {
  endpoint: string;
  number: string;
}

/** Push and text on or off for requests (e-mail stays on): the preference is read as each booking's fan-out runs. */
const setChannels = (target: Target, cookie: string, on: boolean) =>
  call(target, 'PUT', '/api/notification-preferences', cookie, { preferences: [{ kind: KIND, email: true, push: on, text: on }] });

/**
 * An expert who takes requests (not instant booking), in the daytime zone, with a verified number (the
 * texted-code flow of Settings) and a subscribed device, push and text on for requests.
 */
async function prepareExpert(target: Target, cookie: string, zone: string, peers: Peers, number: string): Promise<Phone> {
  await call(target, 'PATCH', '/api/workspace/profile', cookie, { instantBooking: false });
  await call(target, 'PUT', '/api/profile/time-zone', cookie, { timeZone: zone });
  await setChannels(target, cookie, true);
  await call(target, 'POST', '/api/sms/number/code', cookie, { number });
  await call(target, 'POST', '/api/sms/number/verify', cookie, { code: await codeTo(peers.twilio, number) });
  const device = peers.push.newDevice();
  await call(target, 'POST', '/api/push/subscriptions', cookie, device.subscription, 204);
  return { endpoint: device.subscription.endpoint, number };
}

/** Booking requests at RATE for `seconds`, each for a free time of the feed's experts; answers each 201. */
async function bookingLoad(target: Target, owners: string[], feed: ReturnType<typeof videoTimes>, seconds: number) {
  const committed = new Map<number, Committed>();
  let n = 0;
  const result = await autocannon({
    url: target.url,
    connections: 10,
    overallRate: RATE,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (request) => {
          const combo = feed.take();
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin: target.origin, cookie: owners[n++ % owners.length]!, 'idempotency-key': randomUUID() },
            body: JSON.stringify(videoBody(combo.expertId, combo.date, combo.time)),
          };
        },
        onResponse: (status, body) => {
          if (status !== 201) return;
          const booking = JSON.parse(body) as { number: number; expert: { id: number } };
          committed.set(booking.number, { at: performance.now(), expertId: booking.expert.id });
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count ?? 0);
  return { committed, statuses, ended: performance.now() };
}

interface Peers {
  push: FakePushService;
  twilio: FakeTwilioServer;
}

/** The pushes and texts that arrived since the marks, by booking number. */
function arrivalsSince(peers: Peers, marks: { pushes: number; texts: number }) {
  const pushes: Arrival[] = peers.push.deliveries
    .slice(marks.pushes)
    .map((d) => ({ number: bookingNumber((JSON.parse(d.payload) as { title: string }).title), at: d.receivedAt, to: d.endpoint }));
  const texts: Arrival[] = peers.twilio.texts.slice(marks.texts).map((t) => ({ number: bookingNumber(t.body), at: t.receivedAt, to: t.to }));
  return { pushes, texts };
}

const marksOf = (peers: Peers) => ({ pushes: peers.push.deliveries.length, texts: peers.twilio.texts.length });

/** Waits until every booking has its push and its text, or none arrived for QUIET_MS; answers the last arrival's time. */
async function drain(peers: Peers, marks: { pushes: number; texts: number }, bookings: number, from: number): Promise<number> {
  for (;;) {
    const { pushes, texts } = arrivalsSince(peers, marks);
    const last = Math.max(from, ...pushes.map((a) => a.at), ...texts.map((a) => a.at));
    const now = performance.now();
    if ((pushes.length >= bookings && texts.length >= bookings) || now - last >= QUIET_MS || now - from > DRAIN_LIMIT_MS) return last;
    await sleep(50);
  }
}

/** Each booking's lag to its first arrival on the channel, and what did not fit: missing, misrouted, repeated. */
function lagsOf(arrivals: Arrival[], committed: Map<number, Committed>, addressOf: (expertId: number) => string | undefined) {
  const first = new Map<number, Arrival>();
  let repeated = 0;
  let misrouted = 0;
  let late = 0;
  for (const arrival of arrivals) {
    const booking = committed.get(arrival.number);
    // A booking that committed but whose 201 autocannon did not report (one in flight as the load stopped).
    if (!booking) {
      late++;
      continue;
    }
    if (addressOf(booking.expertId) !== arrival.to) misrouted++;
    if (first.has(arrival.number)) repeated++;
    else first.set(arrival.number, arrival);
  }
  const lags = [...first].map(([number, arrival]) => arrival.at - committed.get(number)!.at).sort((a, b) => a - b);
  return { lags, missing: committed.size - first.size, repeated, misrouted, late };
}

function lagLine(name: string, lags: ReturnType<typeof lagsOf>, expected: number): string {
  const { lags: sorted } = lags;
  const p99 = lags.missing > 0 ? Infinity : percentile(sorted, 99);
  const extra = [
    lags.missing ? `${lags.missing} missing` : '',
    lags.repeated ? `${lags.repeated} repeated` : '',
    lags.misrouted ? `${lags.misrouted} to the wrong expert` : '',
    lags.late ? `and ${lags.late} for bookings whose 201 autocannon did not report, left out` : '',
  ].filter(Boolean);
  return `    commit -> ${name.padEnd(24)} ${sorted.length}/${expected} arrived; p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)} (budget p99 <= ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS ? 'PASS' : 'FAIL'})${extra.length ? `; ${extra.join(', ')}` : ''}`;
}

/** `work`, with the server's CPU profile over it when BENCH_CPU_PROFILE=1, saved and summarised per booking. */
async function profiled<T extends { committed: Map<number, Committed> }>(target: Target, name: string, work: () => Promise<T>): Promise<T> {
  const port = target.server.inspectPort;
  if (!port) return work();
  const { result, profile } = await profileDuring(port, work);
  const file = join(tmpdir(), `kb-bench-fanout-${name.replaceAll(' ', '-')}-${target.postgres ? 'postgresql' : 'pglite'}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`  CPU profile of the server ${name} (${result.committed.size} bookings), top functions by self time:`);
  for (const entry of topFunctions(profile, result.committed.size)) console.log(`    ${entry}`);
  console.log(`    (the whole profile: ${file}, for Chrome's DevTools)`);
  return result;
}

async function measure(label: Label, serverEnv: Record<string, string>) {
  const twilio = await startFakeTwilioServer();
  const server = await startServer({
    ...serverEnv,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+14105550199',
    TWILIO_API_BASE: twilio.baseUrl,
    ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true',
  });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: label === 'PostgreSQL' };
  const { publicKey } = (await (await fetch(`${target.url}/api/push/public-key`)).json()) as { publicKey: string };
  const push = await startFakePushService(publicKey);
  const peers = { push, twilio };
  try {
    const setUpStarted = performance.now();
    const owners = await signUpUsers(target, OWNERS);
    const experts = ((await availableExperts(target)) as ListedExpert[]).filter((e) => e.serviceTypes.includes('video')).slice(0, EXPERTS);
    await setPasswords(label, serverEnv, experts.map((e) => demoEmailOf(e.name)));
    const { zone, minutes } = daytimeZone();
    const phones = new Map<number, Phone>();
    const cookies: string[] = [];
    for (const [i, expert] of experts.entries()) {
      const cookie = await signIn(target, demoEmailOf(expert.name));
      cookies.push(cookie);
      phones.set(expert.id, await prepareExpert(target, cookie, zone, peers, `+1410555${String(2000 + i)}`));
    }
    const channels = async (on: boolean) => {
      for (const cookie of cookies) await setChannels(target, cookie, on);
    };
    const rejected = push.rejections.length;
    console.log(
      `${label}: set up in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s: ${OWNERS} owners; ${experts.length} experts taking requests, each with a device subscribed to push and a verified number; every expert's zone ${zone} (${clock(minutes)} there at the start, outside the quiet hours ${clock(QUIET_FROM_MINUTES)}-${clock(QUIET_UNTIL_MINUTES)} that hold a request's text)`,
    );
    const feed = videoTimes(experts);
    const pid = server.process.pid!;

    // Warm-up, unmeasured: both loads, and the fan-out's arrivals let in.
    const warmMarks = marksOf(peers);
    const warm = await bookingLoad(target, owners, feed, WARM_UP_S);
    await drain(peers, warmMarks, warm.committed.size, warm.ended);
    await channels(false);
    await bookingLoad(target, owners, feed, WARM_UP_S);
    await sleep(QUIET_MS);
    await channels(true);

    // With the fan-out: every booking's push and text, and the server's CPU until the last of them arrived.
    const marks = marksOf(peers);
    const cpu0 = cpuSeconds(pid);
    const pg0 = target.postgres ? postgresCpuSeconds() : 0;
    const started = performance.now();
    const { fanout, lastArrival } = await profiled(target, 'with the fan-out', async () => {
      const load = await bookingLoad(target, owners, feed, SECONDS);
      const last = await drain(peers, marks, load.committed.size, load.ended);
      await sleep(SETTLE_MS);
      return { fanout: load, lastArrival: last, committed: load.committed };
    });
    const windowMs = performance.now() - started;
    const fanoutCpu = cpuSeconds(pid) - cpu0;
    const fanoutPg = target.postgres ? postgresCpuSeconds() - pg0 : 0;
    const { pushes, texts } = arrivalsSince(peers, marks);

    // Without it: the same load on the same experts, push and text now off, over a window of the same length.
    await channels(false);
    const quietMarks = marksOf(peers);
    const cpu1 = cpuSeconds(pid);
    const pg1 = target.postgres ? postgresCpuSeconds() : 0;
    const quietStarted = performance.now();
    const quiet = await profiled(target, 'without it', async () => {
      const load = await bookingLoad(target, owners, feed, SECONDS);
      await sleep(Math.max(SETTLE_MS, windowMs - (performance.now() - quietStarted)));
      return load;
    });
    const quietCpu = cpuSeconds(pid) - cpu1;
    const quietPg = target.postgres ? postgresCpuSeconds() - pg1 : 0;
    const stray = arrivalsSince(peers, quietMarks);
    const strays = stray.pushes.length + stray.texts.length;

    const n = fanout.committed.size;
    const pushLags = lagsOf(pushes, fanout.committed, (id) => phones.get(id)?.endpoint);
    const textLags = lagsOf(texts, fanout.committed, (id) => phones.get(id)?.number);
    console.log(
      `  with the fan-out: ${n} booking requests in ${SECONDS} s (${(n / SECONDS).toFixed(1)}/s, asked ${RATE}/s; statuses ${statusText(fanout.statuses)}); the last arrival ${(Math.max(0, lastArrival - fanout.ended) / 1000).toFixed(2)} s after the load stopped`,
    );
    console.log(lagLine('push at the push peer:', pushLags, n));
    console.log(lagLine('text at the SMS peer:', textLags, n));
    if (push.rejections.length > rejected) console.log(`    the push peer refused ${push.rejections.length - rejected} pushes: ${push.rejections.at(-1)!.reason}`);
    if (strays) console.log(`    ${strays} pushes and texts arrived during the load without the fan-out`);

    const m = quiet.committed.size;
    const perBooking = (cpu: number, count: number) => (cpu * 1000) / Math.max(1, count);
    const added = perBooking(fanoutCpu, n) - perBooking(quietCpu, m);
    const window = `${(windowMs / 1000).toFixed(1)} s`;
    console.log(
      `  without it: ${m} booking requests (statuses ${statusText(quiet.statuses)}) on the same experts with push and text turned off, over the same ${window} window`,
    );
    console.log(
      `  server CPU per booking: ${perBooking(fanoutCpu, n).toFixed(2)} ms with the fan-out, ${perBooking(quietCpu, m).toFixed(2)} ms without: the fan-out adds ${added.toFixed(2)} ms (goal <= ${CPU_GOAL_MS} ms: ${added <= CPU_GOAL_MS ? 'PASS' : 'FAIL'})${target.postgres ? `; PostgreSQL's processes on this machine: ${perBooking(fanoutPg, n).toFixed(2)} ms and ${perBooking(quietPg, m).toFixed(2)} ms` : ''}`,
    );
  } finally {
    await server.stop();
    await push.close();
    await twilio.close();
  }
}

export async function benchNotificationFanout() {
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(
    `machine: ${cpus().length} CPUs; load average ${load()} (1, 5, 15 min) before; booking requests at ${RATE}/s for ${SECONDS} s (after ${WARM_UP_S} s of warm-up each way), 10 connections; e-mails go to the server log (no SMTP)`,
  );
  console.log(
    `CPU: the server process's user + system time (/proc) from the load's start until ${SETTLE_MS / 1000} s after the last push or text arrived, divided by the bookings committed, against the same load and window once the experts turned push and text off (their devices and numbers kept). Both include the booking itself, its e-mail jobs, its notification row and the notification-channels job that reads the preferences; the difference is the text and push jobs: the number and device look-ups, the twilio client's request, the encryption and VAPID signature of each push, its HTTP request, and their queue work. The peers run in the bench's process and are not counted.`,
  );
  await onEachDatabase(measure);
  console.log(`load average ${load()} after`);
}
