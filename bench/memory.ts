// Server memory against its budgets: resident memory idle, under a varied load of what users do, and after it,
// on the embedded PGlite (demo data, as a new user starts it) and on PostgreSQL. TRUST_PROXY lets each sign-up and
// sign-in come from its own address (x-forwarded-for), past the per-address limits.
import { signUpAndSignIn } from './sign-up.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { EXPERT_SORTS } from '../src/common/experts-listing.js';
import { SLOT_TIMES } from '../src/common/bookings-rules.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';
import { rssMb, startServer, withScratchDatabase, type RunningServer } from './server-process.js';
import { seededRandom } from './seeded-random.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const IDLE_WAIT_MS = 5_000;
const USERS = 40;
const PASSWORD = 'correct-horse-battery';

interface ListedExpert {
  id: number;
  timeZone: string;
  serviceTypes: ('video' | 'onsite')[];
}

/** A seeded generator with a pick, so every run asks the same mix. */
function seededPicker(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

let nextAddress = 0;
/** Each request that a per-address limit counts comes from its own client address. */
const freshAddress = () => {
  const n = nextAddress++;
  return `10.88.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

async function signUpUsers(baseUrl: string, count: number) {
  const users: { email: string; cookie: string }[] = [];
  const signUp = async () => {
    const email = `memory-${randomUUID().slice(0, 12)}@example.com`;
    const { cookie } = await signUpAndSignIn(baseUrl, { address: freshAddress(), email, password: PASSWORD, firstName: 'Memory', lastName: 'Owner' });
    return { email, cookie };
  };
  while (users.length < count) users.push(...(await Promise.all(Array.from({ length: Math.min(5, count - users.length) }, signUp))));
  return users;
}

/** A photo of a few hundred KB, as a phone would send it, in a multipart body for /api/ai/analyze-image. */
async function photoUpload() {
  const width = 1600;
  const height = 1200;
  const random = seededPicker(7);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i % 251) ^ Math.floor(random.next() * 64);
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const boundary = `----memory${randomUUID().replaceAll('-', '')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nCorrosion on the shaft coupling\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const TEXTS = ['engine', 'fort lauderdale', 'diesel', 'rigging', 'electrical', 'annapolis', 'yamaha', 'hull', 'sail', 'outboard', 'a', 'marine'];
const SPECIALTIES = ['engines', 'electrical', 'rigging', 'hull', 'electronics', 'plumbing'];
const LOCATIONS = ['FL', 'MD', 'Miami', 'Seattle', 'San Diego', 'Annapolis', 'TX'];
const QUESTIONS = [
  'My outboard will not start after winter storage',
  'Bilge pump runs constantly, what should I check?',
  'How do I winterize an inboard diesel?',
  'Battery keeps dying overnight on my sailboat',
  'Shaft seal drips while running, is that normal?',
  'The VHF radio has no transmit power',
];
const PAGES = ['/', '/experts', '/onsite-request', '/video-consultation', '/ai-assistant', '/login'];

function listingPath(random: ReturnType<typeof seededPicker>) {
  const params = new URLSearchParams();
  if (random.next() < 0.4) params.set('q', random.pick(TEXTS));
  if (random.next() < 0.3) params.set('specialty', random.pick(SPECIALTIES));
  if (random.next() < 0.3) params.set('location', random.pick(LOCATIONS));
  if (random.next() < 0.3) params.set('serviceType', random.pick(['video', 'onsite']));
  if (random.next() < 0.3) params.set('available', 'true');
  if (random.next() < 0.3) params.set('minRating', random.pick(['3', '4', '4.5']));
  params.set('sort', random.pick(EXPERT_SORTS));
  params.set('limit', random.pick(['24', '24', '24', '100']));
  if (random.next() < 0.3) params.set('offset', String(24 * Math.floor(random.next() * 4)));
  return `/api/experts?${params}`;
}

type Users = Awaited<ReturnType<typeof signUpUsers>>;
type Photo = Awaited<ReturnType<typeof photoUpload>>;

/** One request of the mix, in the proportions people use the site: mostly browsing, some asking and booking. */
function nextRequest(random: ReturnType<typeof seededPicker>, baseUrl: string, experts: ListedExpert[], users: Users, photo: Photo): autocannon.Request {
  const user = random.pick(users);
  const expert = random.pick(experts);
  const roll = random.next();
  const json = (path: string, body: unknown, headers: Record<string, string> = {}): autocannon.Request => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: user.cookie, ...headers },
    body: JSON.stringify(body),
  });
  if (roll < 0.45) return { method: 'GET', path: listingPath(random) };
  if (roll < 0.55) return { method: 'GET', path: `/api/experts/${expert.id}` };
  if (roll < 0.63) {
    const type = random.pick(expert.serviceTypes);
    const date = addDays(localDateOf(new Date(), expert.timeZone), 1 + Math.floor(random.next() * 30));
    return { method: 'GET', path: `/api/experts/${expert.id}/slots?type=${type}&date=${date}&hours=3` };
  }
  if (roll < 0.73) return { method: 'GET', path: random.next() < 0.2 ? `/expert/${expert.id}` : random.pick(PAGES) };
  if (roll < 0.8) return { method: 'GET', path: '/api/auth/user', headers: { cookie: user.cookie } };
  if (roll < 0.88) return json('/api/ai/ask', { question: random.pick(QUESTIONS) });
  if (roll < 0.94 && expert.serviceTypes.includes('video')) {
    const date = addDays(localDateOf(new Date(), expert.timeZone), 1 + Math.floor(random.next() * 60));
    const body = { serviceType: 'video', expertId: expert.id, description: 'Port engine overheats at cruising speed', scheduledDate: date, preferredTime: random.pick(SLOT_TIMES.video) };
    return json('/api/bookings', body, { 'idempotency-key': randomUUID() });
  }
  if (roll < 0.97) return json('/api/auth/sign-in/email', { email: user.email, password: PASSWORD }, { 'x-forwarded-for': freshAddress() });
  return { method: 'POST', path: '/api/ai/analyze-image', headers: { 'content-type': photo.contentType, origin: baseUrl, cookie: user.cookie }, body: photo.body };
}

/** Heap and external memory as the server's own /metrics reports them, in MB. */
async function nodeMemory(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1_048_576);
  return `heap used ${mb('nodejs_heap_size_used_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
}

/** The highest RSS since the last `resetPeakRss` (VmHWM), in MB: it catches spikes that sampling misses. */
const peakRssMb = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** Linux resets a process's VmHWM to its current RSS when '5' is written to its clear_refs. */
const resetPeakRss = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function measure(label: string, server: RunningServer, budgetMb: number) {
  const pid = server.process.pid!;
  await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
  const idle = rssMb(pid);
  console.log(`${label} idle:            ${String(idle).padStart(4)} MB RSS  (${await nodeMemory(server.baseUrl)})`);

  const users = await signUpUsers(server.baseUrl, USERS);
  const experts = (await (await fetch(`${server.baseUrl}/api/experts?limit=100`)).json()) as ListedExpert[];
  const photo = await photoUpload();
  const random = seededPicker(11);
  resetPeakRss(pid);
  const statuses: Record<string, number> = {};
  const refusals = new Map<string, number>();
  const result = await autocannon({
    url: server.baseUrl,
    connections: 50,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: {}, ...nextRequest(random, server.baseUrl, experts, users, photo) }),
        onResponse: (status, body) => {
          if (status !== 429 && status < 500) return;
          const reason = `${status} ${(/"message":"([^"]*)"/.exec(body)?.[1] ?? body).slice(0, 60)}`;
          refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        },
      },
    ],
  });
  const peak = peakRssMb(pid);
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count ?? 0);
  const load = Object.entries(statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  console.log(`${label} under load, peak: ${String(peak).padStart(4)} MB RSS  (50 connections, ${DURATION_S} s, ${Math.round(result.requests.average)} req/s; statuses ${load}${result.errors ? `; connection errors ${result.errors}` : ''})`);
  for (const [reason, count] of refusals) console.log(`${' '.repeat(label.length)}   ${String(count).padStart(4)} × ${reason}`);
  await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
  const after = rssMb(pid);
  console.log(`${label} after the load:  ${String(after).padStart(4)} MB RSS  (${await nodeMemory(server.baseUrl)})`);
  const worst = Math.max(idle, peak, after);
  console.log(`${label} budget ${budgetMb} MB: ${worst <= budgetMb ? 'ok' : 'OVER'}`);
}

export async function benchMemory() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-memory-'));
  try {
    // The first start creates and seeds the database; people then run it from an existing one.
    const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: 'true' });
    const firstPid = first.process.pid!;
    const firstPeak = peakRssMb(firstPid);
    console.log(`PGlite     first start (creates and seeds the database): ${String(firstPeak).padStart(4)} MB peak RSS, ${rssMb(firstPid)} MB once ready; budget 450 MB: ${firstPeak <= 450 ? 'ok' : 'OVER'}`);
    await first.stop();
    const pglite = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: 'true' });
    try {
      await measure('PGlite    ', pglite, 450);
    } finally {
      await pglite.stop();
    }
    if (process.env.BENCH_DATABASE_URL) {
      await withScratchDatabase(process.env.BENCH_DATABASE_URL, async (url) => {
        const postgres = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, TRUST_PROXY: 'true' });
        try {
          await measure('PostgreSQL', postgres, 250);
        } finally {
          await postgres.stop();
        }
      });
    } else {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
