// Calendars: the private feed of an expert with 500 bookings (budget 50 ms), and an expert's free slots with
// 3 outside calendars of 2,000 events each against the same slots without them (budget: within 2x), on each database.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableExperts, line, run, signUpUsers, videoBody, type Figures, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';
import { SLOT_TIMES } from '../src/common/bookings-rules.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { calendarText, startCalendarServer } from '../src/server/test/calendar-server.js';

const FEED_BOOKINGS = 500;
const FEED_BUDGET_MS = 50;
const CALENDARS = 3;
const EVENTS_PER_CALENDAR = 2000;
const SLOT_DAYS = 14;
const SLOTS_RATIO_BUDGET = 2;
const ROUNDS = 5;
const ROUND_S = 2;
/** Reads of the feed timed one after another: within its limit of 30 a minute. */
const FEED_READS = 24;
const PASSWORD = 'bench-calendar-pass-42';

interface NamedExpert {
  id: number;
  name: string;
  timeZone: string;
  serviceTypes: string[];
}

/** Signs a demo expert in: their password set with the real command, as an operator would. */
async function signInExpert(target: Target, serverEnv: Record<string, string>, expert: NamedExpert): Promise<string> {
  const email = demoEmailOf(expert.name);
  const result = spawnSync('npm', ['run', '--silent', 'user:set-password', '--', email, '--password', PASSWORD], {
    env: { ...process.env, ...serverEnv, PORT: new URL(target.server.baseUrl).port, BASE_URL: target.server.baseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`setup: user:set-password failed: ${result.stdout}${result.stderr}`);
  const response = await fetch(`${target.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: target.origin, 'x-forwarded-for': '10.88.0.1' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`setup: sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function send(target: Target, cookie: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: target.origin, cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

/** Books the expert's video times, day by day from tomorrow, until `count` are booked. */
async function bookMany(target: Target, owners: string[], expert: NamedExpert, count: number): Promise<number> {
  let booked = 0;
  const today = localDateOf(new Date(), expert.timeZone);
  const times = Array.from({ length: 170 }, (_, d) => addDays(today, d + 1)).flatMap((date) => SLOT_TIMES.video.map((time) => ({ date, time })));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (booked < count && next < times.length) {
        const { date, time } = times[next++]!;
        const response = await send(target, owners[next % owners.length]!, '/api/bookings', videoBody(expert.id, date, time));
        if (response.status === 201) booked++;
      }
    }),
  );
  return booked;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function feedFigures(label: string, target: Target, serverEnv: Record<string, string>, expert: NamedExpert) {
  const cookie = await signInExpert(target, serverEnv, expert);
  const owners = await signUpUsers(target, 10);
  const booked = await bookMany(target, owners, expert, FEED_BOOKINGS);
  const link = await send(target, cookie, '/api/calendar-feed', {});
  if (link.status !== 201) throw new Error(`setup: POST /api/calendar-feed answered ${link.status}`);
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  const times: number[] = [];
  let etag = '';
  let events = 0;
  for (let i = 0; i < FEED_READS; i++) {
    const started = performance.now();
    const response = await fetch(`${target.url}${path}`);
    const text = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET the feed answered ${response.status}`);
    etag = response.headers.get('etag') ?? '';
    events = text.split('BEGIN:VEVENT').length - 1;
  }
  const started = performance.now();
  const unchanged = await fetch(`${target.url}${path}`, { headers: { 'if-none-match': etag } });
  await unchanged.arrayBuffer();
  const notModifiedMs = performance.now() - started;
  const warm = times.slice(2);
  const p50 = median(warm);
  console.log(
    `${label} GET /calendar/{token}.ics of an expert with ${booked} bookings (${events} events), one at a time: ` +
      `median ${p50.toFixed(1)} ms (budget <= ${FEED_BUDGET_MS} ms: ${p50 <= FEED_BUDGET_MS ? 'ok' : 'OVER'}), slowest ${Math.max(...warm).toFixed(1)} ms; ` +
      `304 to its ETag ${notModifiedMs.toFixed(1)} ms (status ${unchanged.status})`,
  );
  return { booked, p50 };
}

/** 2,000 events over the booking window, between 7 AM and 7 PM UTC, one in 50 recurring weekly 8 times. */
function busyCalendar(seed: number): string {
  const events: string[][] = [];
  const start = Date.now() + 86_400_000;
  for (let i = 0; i < EVENTS_PER_CALENDAR; i++) {
    // About 11 a day, half an hour each with half an hour between, each calendar's at its own times.
    const day = i % 175;
    const minutes = 7 * 60 + ((Math.floor(i / 175) * 2 + seed) % 24) * 30;
    const at = new Date(Math.floor((start + day * 86_400_000) / 86_400_000) * 86_400_000 + minutes * 60_000);
    const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    events.push([`UID:bench-${seed}-${i}`, `DTSTART:${stamp}`, 'DURATION:PT30M', ...(i % 50 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=8'] : [])]);
  }
  return calendarText(events);
}

async function slotRun(target: Target, expert: NamedExpert, duration?: number) {
  const today = localDateOf(new Date(), expert.timeZone);
  const paths = Array.from({ length: SLOT_DAYS }, (_, d) => `/api/experts/${expert.id}/slots?type=video&date=${addDays(today, d + 1)}`);
  let n = 0;
  return run(target, {
    url: target.url,
    connections: 10,
    ...(duration ? { duration } : {}),
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }) }],
  });
}

/** Adds the outside calendars to the expert and waits until each has been read. */
async function addCalendars(label: string, target: Target, cookie: string) {
  const server = await startCalendarServer();
  try {
    for (let c = 0; c < CALENDARS; c++) {
      const response = await send(target, cookie, '/api/workspace/calendars', { url: server.publish(`/bench-${c}.ics`, { kind: 'calendar', text: busyCalendar(c) }), label: `Bench ${c}` });
      if (response.status !== 201) throw new Error(`setup: adding a calendar answered ${response.status} ${await response.text()}`);
    }
    for (const deadline = Date.now() + 60_000; ; ) {
      const listing = (await (await fetch(`${target.url}/api/workspace/calendars`, { headers: { cookie } })).json()) as { calendars: { lastSuccessAt: string | null; lastError: string | null; busyCount: number }[] };
      const failed = listing.calendars.find((c) => c.lastError);
      if (failed) throw new Error(`setup: a calendar could not be read: ${failed.lastError}`);
      if (listing.calendars.every((c) => c.lastSuccessAt)) {
        console.log(`${label}: ${CALENDARS} calendars read, ${listing.calendars.map((c) => c.busyCount).join(' + ')} busy times kept`);
        return;
      }
      if (Date.now() > deadline) throw new Error('setup: the calendars were not read within a minute');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await server.close();
  }
}

/**
 * Free slots of an expert with the calendars against another expert's without (the same demo week, no
 * bookings), in alternating rounds, so a busy machine weighs on both alike; the ratio is the median round's.
 */
async function slotFigures(label: string, target: Target, serverEnv: Record<string, string>, busy: NamedExpert, free: NamedExpert) {
  await addCalendars(label, target, await signInExpert(target, serverEnv, busy));
  await slotRun(target, free, 1);
  await slotRun(target, busy, 1);
  const rounds: { without: Figures; with: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const without = await slotRun(target, free, ROUND_S);
    rounds.push({ without, with: await slotRun(target, busy, ROUND_S) });
  }
  const ratios = rounds.map((r) => r.with.mean / r.without.mean);
  const ratio = median(ratios);
  const middle = rounds[ratios.indexOf(ratio)]!;
  console.log(`${label} GET /api/experts/{id}/slots, 10 connections, ${SLOT_DAYS} dates, ${ROUNDS} alternating rounds of ${ROUND_S} s (the median round):`);
  console.log(line('without calendars', middle.without));
  console.log(line(`with ${CALENDARS} x ${EVENTS_PER_CALENDAR}`, middle.with, ` (mean ${ratio.toFixed(2)}x, budget <= ${SLOTS_RATIO_BUDGET}x: ${ratio <= SLOTS_RATIO_BUDGET ? 'ok' : 'OVER'})`));
  console.log(`  each round's ratio: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
  return { ratio };
}

async function measure(label: 'PostgreSQL' | 'PGlite', serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'true', ALLOW_PRIVATE_CALENDAR_URLS: 'true' });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: label === 'PostgreSQL' };
  try {
    const video = ((await availableExperts(target)) as unknown as NamedExpert[]).filter((e) => e.serviceTypes.includes('video'));
    const feed = await feedFigures(label, target, serverEnv, video[0]!);
    const slots = await slotFigures(label, target, serverEnv, video[1]!, video[2]!);
    return { feed, slots };
  } finally {
    await server.stop();
  }
}

export async function benchCalendars() {
  const results = await onEachDatabase(measure);
  console.log('summary:');
  for (const [label, m] of results) {
    console.log(`  ${label}: feed of ${m.feed.booked} bookings ${m.feed.p50.toFixed(1)} ms (budget ${FEED_BUDGET_MS} ms); slots with calendars ${m.slots.ratio.toFixed(2)}x without (budget ${SLOTS_RATIO_BUDGET}x)`);
  }
}
