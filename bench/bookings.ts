// Bookings under load: POST /api/bookings for distinct free times, an expert's free slots for 14 days, and 50
// people booking one expert's time at once, each beside a signed-in GET /api/auth/user and the bare /healthz.
import { signUpAndSignIn } from './sign-up.js';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg, tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { SLOT_TIMES } from '../src/common/bookings-rules.js';
import { addDays, localDateOf, zonedTimeToInstant, parseClockTime } from '../src/common/zoned-time.js';
import { profileDuring, topFunctions } from './cpu-profile.js';
import { onEachDatabase, rssMb, startServer, type RunningServer } from './server-process.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** The one-connection runs measure service time without queueing; they need less time. */
const SERVICE_S = Math.min(3, DURATION_S);
const USERS = 50;
/** The booking load uses days 1..LOAD_DAYS ahead; the race books a day after them, nobody else's. */
const LOAD_DAYS = 160;
const RACE_DAY = 170;
const SLOT_DAYS = 14;
const TIME_TAKEN = 'That time was just booked. Please choose another time.';

interface BenchExpert {
  id: number;
  timeZone: string;
  serviceTypes: ('video' | 'onsite')[];
  onsiteMinimumHours: number;
}

export interface Figures {
  p50: number;
  p99: number;
  /** Mean latency by Little's law (connections / throughput): autocannon's histogram counts whole milliseconds. */
  mean: number;
  rps: number;
  /** CPU milliseconds per answered request: the server process, and every PostgreSQL process on this machine. */
  serverCpuMs: number;
  pgCpuMs: number;
  statuses: Record<string, number>;
  errors: number;
  /** Bodies of the first few answers that were not 2xx, to show what went wrong. */
  samples: string[];
}

export interface Target {
  server: RunningServer;
  /** The address autocannon and fetch connect to (127.0.0.1, as the other benchmarks). */
  url: string;
  /** The Origin state-changing requests send: the server's BASE_URL. */
  origin: string;
  /** Whether the database is a PostgreSQL server on this machine, whose CPU is worth counting. */
  postgres: boolean;
}

/** What bookings and free times may cost on each database; the bench says 'ok', 'OVER' or 'SHORT' beside each. */
interface Budgets {
  bookingP99At10Ms: number;
  bookingP99At50Ms?: number;
  bookingsPerSecondAt50?: number;
  serverCpuMsPerBooking?: number;
  slotsP99Ms: number;
}
const budgetsOf = (postgres: boolean): Budgets =>
  postgres
    ? { bookingP99At10Ms: 25, bookingP99At50Ms: 100, bookingsPerSecondAt50: 600, serverCpuMsPerBooking: 2, slotsP99Ms: 25 }
    : { bookingP99At10Ms: 150, slotsP99Ms: 100 };

/** ' (budget <= 25 ms: ok)', or '' where there is no budget; `floor` for figures that must reach it. */
function verdict(value: number, budget: number | undefined, unit: string, floor = false): string {
  if (budget === undefined) return '';
  const met = floor ? value >= budget : value <= budget;
  return ` (budget ${floor ? '>=' : '<='} ${budget}${unit}: ${met ? 'ok' : floor ? 'SHORT' : 'OVER'})`;
}

const round = (n: number) => Math.round(n * 10) / 10;
export const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ') || 'none';
const cpu = (f: Figures) => `CPU/req server ${f.serverCpuMs.toFixed(2)} ms${f.pgCpuMs > 0 ? ` + postgres ${f.pgCpuMs.toFixed(2)} ms` : ''}`;
export const line = (name: string, f: Figures, budget = '') =>
  `  ${name.padEnd(22)} p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms${budget}  ${String(f.rps).padStart(5)} req/s  ${cpu(f)}  statuses ${statusText(f.statuses)}${f.errors ? `  connection errors ${f.errors}` : ''}`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** CPU seconds a process has used (user + system), from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process on this machine (0 when the server is elsewhere). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

export async function run(target: Target, options: autocannon.Options): Promise<Figures> {
  const samples: string[] = [];
  const requests = (options.requests ?? [{}]).map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => {
      if ((status < 200 || status >= 300) && samples.length < 5) samples.push(`${status} ${body.slice(0, 300)}`);
    },
  }));
  const pid = target.server.process.pid!;
  const server0 = cpuSeconds(pid);
  const pg0 = target.postgres ? postgresCpuSeconds() : 0;
  const result = await autocannon({ pipelining: 1, duration: DURATION_S, ...options, requests });
  const serverCpu = cpuSeconds(pid) - server0;
  const pgCpu = target.postgres ? postgresCpuSeconds() - pg0 : 0;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count ?? 0);
  const answered = Math.max(1, Object.values(statuses).reduce((a, b) => a + b, 0));
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: ((options.connections ?? 10) * result.duration * 1000) / answered,
    rps: Math.round(result.requests.average),
    serverCpuMs: (serverCpu * 1000) / answered,
    pgCpuMs: (pgCpu * 1000) / answered,
    statuses,
    errors: result.errors,
    samples,
  };
}

export function printSamples(f: Figures) {
  for (const sample of f.samples) console.log(`    answer not 2xx: ${sample}`);
}

let nextAddress = 0;
/** Signs up users, each from its own client address (the server allows 10 sign-ups a minute per address). */
export async function signUpUsers(target: Target, count: number): Promise<string[]> {
  const signUp = async () => {
    const n = nextAddress++;
    const { cookie } = await signUpAndSignIn(target.url, {
      origin: target.origin,
      address: `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      email: `bench-${randomUUID().slice(0, 12)}@example.com`,
      password: 'correct-horse-battery',
      firstName: 'Bench',
      lastName: 'Owner',
    });
    return cookie;
  };
  const cookies: string[] = [];
  // A few at a time: password hashing is the sign-up's cost and shares the server's CPU.
  while (cookies.length < count) cookies.push(...(await Promise.all(Array.from({ length: Math.min(5, count - cookies.length) }, signUp))));
  return cookies;
}

export async function availableExperts(target: Target): Promise<BenchExpert[]> {
  const response = await fetch(`${target.url}/api/experts?available=true&limit=100`);
  if (response.status !== 200) throw new Error(`expert list failed: ${response.status}`);
  return (await response.json()) as BenchExpert[];
}

export function videoBody(expertId: number, scheduledDate: string, preferredTime: string) {
  return { serviceType: 'video', expertId, description: 'Port engine overheats at cruising speed', scheduledDate, preferredTime };
}

function onsiteBody(expertId: number, scheduledDate: string, preferredTime: string, estimatedHours: number) {
  return {
    serviceType: 'onsite',
    expertId,
    description: 'Bilge pump runs constantly',
    scheduledDate,
    preferredTime,
    boatAddress: '1 Marina Way, Annapolis, MD',
    marinaName: 'Harbor Marina',
    dockSlip: 'B-12',
    contactPhone: '(410) 555-0100',
    emergencyContact: 'Sam (410) 555-0101',
    boatType: 'sailboat',
    boatLength: '32 feet',
    estimatedHours,
  };
}

/**
 * Every free video time of the experts for days 1..`days`, each handed out once: by time of day, then
 * date, then expert, so consecutive requests book different experts and every day gets some bookings.
 */
export function videoTimes(experts: BenchExpert[], days = LOAD_DAYS) {
  const video = experts.filter((e) => e.serviceTypes.includes('video'));
  const now = new Date();
  const combos: { expertId: number; date: string; time: string }[] = [];
  for (const time of SLOT_TIMES.video) {
    for (let day = 1; day <= days; day++) {
      for (const expert of video) combos.push({ expertId: expert.id, date: addDays(localDateOf(now, expert.timeZone), day), time });
    }
  }
  let next = 0;
  return {
    experts: video.length,
    total: combos.length,
    get used() {
      return next;
    },
    get left() {
      return combos.length - next;
    },
    take() {
      const combo = combos[next++];
      if (!combo) throw new Error('ran out of free booking times');
      return combo;
    },
  };
}

type Feed = ReturnType<typeof videoTimes>;

function bookingLoad(target: Target, cookies: string[], feed: Feed, connections: number, duration = DURATION_S) {
  let n = 0;
  return run(target, {
    url: target.url,
    connections,
    duration,
    // Each connection builds one request ahead; never more than the free times left.
    maxOverallRequests: Math.max(connections, feed.left - 2 * connections),
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (request) => {
          const combo = feed.take();
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin: target.origin,
              cookie: cookies[n++ % cookies.length],
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify(videoBody(combo.expertId, combo.date, combo.time)),
          };
        },
      },
    ],
  });
}

/** GET slots of many experts on 14 dates, both service types (onsite for 1 to 4 hours), in a fixed shuffle. */
function slotPaths(experts: BenchExpert[]): string[] {
  const now = new Date();
  const paths: string[] = [];
  for (const expert of experts) {
    for (let day = 1; day <= SLOT_DAYS; day++) {
      const date = addDays(localDateOf(now, expert.timeZone), day);
      for (const type of expert.serviceTypes) {
        const hours = type === 'onsite' ? 1 + ((expert.id + day) % 4) : 3;
        paths.push(`/api/experts/${expert.id}/slots?type=${type}&date=${date}&hours=${hours}`);
      }
    }
  }
  let seed = 42;
  for (let i = paths.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** The booking load, with the server's CPU profile at 10 connections when BENCH_CPU_PROFILE=1. */
async function profiledAt10(target: Target, connections: number, load: () => Promise<Figures>): Promise<Figures> {
  const port = target.server.inspectPort;
  if (connections !== 10 || !port) return load();
  const { result, profile } = await profileDuring(port, load);
  const file = join(tmpdir(), `kb-bench-bookings-${target.postgres ? 'postgresql' : 'pglite'}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const answered = Object.values(result.statuses).reduce((a, b) => a + b, 0);
  console.log(`  CPU profile of the server, POST /api/bookings at 10 connections (${answered} answered), top functions by self time:`);
  for (const entry of topFunctions(profile, answered)) console.log(`    ${entry}`);
  console.log(`    (the whole profile: ${file}, for Chrome's DevTools)`);
  return result;
}

async function loadFigures(label: string, target: Target, cookies: string[], feed: Feed, connectionCounts: number[]) {
  const rows: Record<number, { healthz: Figures; user: Figures; booking: Figures }> = {};
  for (const connections of connectionCounts) {
    const duration = connections === 1 ? SERVICE_S : DURATION_S;
    const healthz = await run(target, { url: `${target.url}/healthz`, connections, duration });
    const user = await run(target, { url: `${target.url}/api/auth/user`, connections, duration, headers: { cookie: cookies[0]! } });
    const booking = await profiledAt10(target, connections, () => bookingLoad(target, cookies, feed, connections, duration));
    const budgets = budgetsOf(target.postgres);
    const budget =
      connections === 10
        ? verdict(booking.p99, budgets.bookingP99At10Ms, ' ms')
        : connections === 50
          ? `${verdict(booking.p99, budgets.bookingP99At50Ms, ' ms')}${verdict(booking.rps, budgets.bookingsPerSecondAt50, '/s', true)}`
          : '';
    console.log(`${label}, ${connections} connection${connections === 1 ? '' : 's'}:`);
    console.log(line('/healthz', healthz));
    console.log(line('GET /api/auth/user', user));
    console.log(line('POST /api/bookings', booking, budget));
    printSamples(user);
    printSamples(booking);
    rows[connections] = { healthz, user, booking };
  }
  const alone = rows[1];
  if (alone) {
    const { healthz, user, booking } = alone;
    console.log(
      `  where a signed-in booking's time goes (mean latency at 1 connection, no queueing): HTTP and Fastify ${healthz.mean.toFixed(2)} ms, session lookup +${(user.mean - healthz.mean).toFixed(2)} ms, booking transaction +${(booking.mean - user.mean).toFixed(2)} ms`,
    );
    const at10 = rows[10];
    if (at10) {
      console.log(
        `  at 10 connections a booking takes ${round(at10.booking.mean - booking.mean)} ms more than alone: it queues for the server's event loop, and ${at10.booking.serverCpuMs.toFixed(2)} ms of server CPU per booking allows at most about ${Math.round(1000 / at10.booking.serverCpuMs)} bookings/s on one core`,
      );
    }
  }
  return rows;
}

async function slotFigures(label: string, target: Target, experts: BenchExpert[], booked: number) {
  const paths = slotPaths(experts);
  let n = 0;
  const slots = await run(target, {
    url: target.url,
    connections: 50,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }) }],
  });
  console.log(
    `${label} GET /api/experts/{id}/slots, 50 connections (${experts.length} experts x ${SLOT_DAYS} dates x their service types = ${paths.length} distinct queries; ${booked} bookings on the books):`,
  );
  console.log(line('slots', slots, verdict(slots.p99, budgetsOf(target.postgres).slotsP99Ms, ' ms')));
  printSamples(slots);
  return slots;
}

interface RaceAnswer {
  status: number;
  body: string;
  ms: number;
  request: string;
}

/** 50 people book one expert's date at once: half the same video time, half onsite visits that overlap it. */
async function raceFigures(label: string, target: Target, cookies: string[], expert: BenchExpert) {
  const date = addDays(localDateOf(new Date(), expert.timeZone), RACE_DAY);
  const onsiteStarts = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM'];
  const requests = Array.from({ length: 50 }, (_, i) => {
    if (i % 2 === 0) return { request: 'video 10:00 AM', body: videoBody(expert.id, date, '10:00 AM') };
    const start = onsiteStarts[(i >> 1) % 4]!;
    const hours = 3 + (Math.floor(i / 8) % 2);
    return { request: `onsite ${start} ${hours} h`, body: onsiteBody(expert.id, date, start, hours) };
  });
  const started = performance.now();
  const answers: RaceAnswer[] = await Promise.all(
    requests.map(async ({ request, body }, i) => {
      try {
        const response = await fetch(`${target.url}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: target.origin, cookie: cookies[i]!, 'idempotency-key': randomUUID() },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: text, ms: performance.now() - started, request };
      } catch (error) {
        // No HTTP answer at all (connection reset): counted as status 0.
        return { status: 0, body: String(error), ms: performance.now() - started, request };
      }
    }),
  );
  const allMs = Math.max(...answers.map((a) => a.ms));
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;

  const winners = answers.filter((a) => a.status === 201).map((a) => ({ ...a, booking: JSON.parse(a.body) as { startsAt: string; endsAt: string } }));
  let overlapping = 0;
  for (const a of winners) {
    for (const b of winners) {
      if (a !== b && a.booking.startsAt < b.booking.endsAt && b.booking.startsAt < a.booking.endsAt) overlapping++;
    }
  }
  const odd409 = answers.filter((a) => a.status === 409 && (JSON.parse(a.body) as { message?: string }).message !== TIME_TAKEN);
  const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 409);

  // The free video times afterwards must be exactly those the 201s leave: a 5xx must not have booked anything.
  const response = await fetch(`${target.url}/api/experts/${expert.id}/slots?type=video&date=${date}`);
  const free = ((await response.json()) as { time: string }[]).map((s) => s.time);
  const expected = SLOT_TIMES.video.filter((time) => {
    const start = zonedTimeToInstant(date, parseClockTime(time)!, expert.timeZone).getTime();
    const end = start + 30 * 60_000;
    return !winners.some((w) => start < Date.parse(w.booking.endsAt) && Date.parse(w.booking.startsAt) < end);
  });
  const agrees = free.join('|') === expected.join('|');

  console.log(
    `${label} race, 50 concurrent POST /api/bookings for expert ${expert.id} on ${date} (${expert.timeZone}): all answers in ${Math.round(allMs)} ms (first ${Math.round(Math.min(...answers.map((a) => a.ms)))} ms); statuses ${statusText(statuses)}`,
  );
  console.log(
    `  booked: ${winners.map((w) => w.request).join(', ') || 'nothing'}; overlapping winners: ${overlapping / 2}; 409s with another message: ${odd409.length}; free video times afterwards match the 201s: ${agrees ? 'yes' : `NO (free ${free.join(', ')}; expected ${expected.join(', ')})`}`,
  );
  for (const a of [...unexpected, ...odd409]) console.log(`  UNEXPECTED ${a.status} for ${a.request}: ${a.body}`);
  return { allMs, statuses };
}

async function measure(label: string, serverEnv: Record<string, string>, connectionCounts: number[]) {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'true' });
  const target: Target = {
    server,
    url: `http://127.0.0.1:${new URL(server.baseUrl).port}`,
    origin: server.baseUrl,
    postgres: Boolean(serverEnv.DATABASE_URL),
  };
  try {
    const signUpStarted = performance.now();
    const cookies = await signUpUsers(target, USERS);
    const experts = await availableExperts(target);
    const feed = videoTimes(experts);
    console.log(
      `${label}: ${USERS} users signed up in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s; ${experts.length} available experts, ${feed.experts} with video: ${feed.total} free video times for days 1-${LOAD_DAYS}`,
    );
    // Warm-up, not reported: the JIT, the connection pool and the session path.
    const warmUp = await bookingLoad(target, cookies.slice(0, 10), feed, 10, 2);
    await run(target, { url: `${target.url}/api/auth/user`, connections: 10, duration: 1, headers: { cookie: cookies[0]! } });

    const rows = await loadFigures(label, target, cookies.slice(0, 10), feed, connectionCounts);
    const booked = [warmUp, ...Object.values(rows).map((r) => r.booking)].reduce((sum, f) => sum + (f.statuses['201'] ?? 0), 0);
    const slots = await slotFigures(label, target, experts, booked);
    const raceExpert = experts.find((e) => e.serviceTypes.includes('video') && e.serviceTypes.includes('onsite'));
    if (!raceExpert) throw new Error('no expert offers both services');
    const race = await raceFigures(label, target, cookies, raceExpert);
    console.log(`${label} server RSS after load: ${rssMb(server.process.pid!)} MB`);
    return { rows, slots, race, budgets: budgetsOf(target.postgres) };
  } finally {
    await server.stop();
  }
}

type Measured = Awaited<ReturnType<typeof measure>>;

function summary(label: string, m: Measured) {
  const b1 = m.rows[1]!;
  const b10 = m.rows[10]!;
  const b50 = m.rows[50]!;
  const { budgets } = m;
  console.log(`  ${label}:`);
  console.log(
    `    POST /api/bookings: alone ${b1.booking.mean.toFixed(1)} ms (${cpu(b10.booking)}${verdict(b10.booking.serverCpuMs, budgets.serverCpuMsPerBooking, ' ms of server CPU')}); ` +
      `p99 ${b10.booking.p99} ms at 10 connections${verdict(b10.booking.p99, budgets.bookingP99At10Ms, ' ms')}, ` +
      `${b50.booking.p99} ms at 50${verdict(b50.booking.p99, budgets.bookingP99At50Ms, ' ms')}; ` +
      `${b10.booking.rps} and ${b50.booking.rps} bookings/s${verdict(b50.booking.rps, budgets.bookingsPerSecondAt50, '/s at 50', true)}; ` +
      `statuses ${statusText(b10.booking.statuses)} / ${statusText(b50.booking.statuses)}`,
  );
  console.log(
    `    signed-in GET /api/auth/user: alone ${b1.user.mean.toFixed(1)} ms, p50 ${b10.user.p50} ms at 10 connections, ${b10.user.rps} req/s | /healthz alone ${b1.healthz.mean.toFixed(2)} ms, ${b10.healthz.rps} req/s`,
  );
  console.log(
    `    slots: p99 ${m.slots.p99} ms at 50 connections${verdict(m.slots.p99, budgets.slotsP99Ms, ' ms')}, ${m.slots.rps} req/s (${cpu(m.slots)})`,
  );
  console.log(`    race: all 50 answers in ${Math.round(m.race.allMs)} ms, statuses ${statusText(m.race.statuses)}`);
}

export async function benchBookings() {
  console.log(`machine: ${cpus().length} CPUs; load average ${load()} (1, 5, 15 min) before; ${DURATION_S} s per run`);
  const results = await onEachDatabase((label, env) => measure(label, env, [1, 10, 50]));
  console.log(`summary (load average ${load()} after):`);
  for (const [label, measured] of results) summary(label, measured);
}
