// Every change of a booking after it is made, at 50 connections: the owner cancels, reschedules and writes a
// message; the expert accepts, declines and completes; the owner reviews. Each request acts on a booking of
// its own, made beforehand through the API, so no answer comes from a booking an earlier request touched.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { availableExperts, cpuSeconds, line, printSamples, run, signUpUsers, videoBody, videoTimes, type Figures, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';
import { BOOKING_HORIZON_DAYS } from '../src/common/bookings-rules.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const BUDGET_P99_MS = 50;
/** Each action's unreported warm-up: the JIT and the pool warm up, and its pace sizes the measured run. */
const WARM_UP = 300;
/** Bookings for the measured run: this many times what the warm-up's pace needs, so the run never runs out. */
const HEADROOM = 2;
/** Each action's bookings may use every day a booking can be made for, so a fast host does not run out of times. */
const FEED_DAYS = BOOKING_HORIZON_DAYS - 1;
/** Owners of the bookings the other actions change, in turn. */
const OWNERS = 20;
/** A user may send 60 messages a minute: each sender sends at most this many in all (see `messageSenders`). */
const MESSAGES_PER_SENDER = 60;
/** The length of a booking moved into the past for complete and review. */
const PAST_SLOT_S = 30;
/** Bookings made at once while setting up: enough to keep the server's two cores busy. */
const SETUP_CONCURRENCY = 8;

type Combo = ReturnType<ReturnType<typeof videoTimes>['take']>;
type Feed = ReturnType<typeof videoTimes>;

/** One measured request: its path, who sends it and what. */
interface Prepared {
  path: string;
  cookie: string;
  body: unknown;
}

interface Action {
  name: string;
  /** Makes `count` bookings in the state the action needs, and the request acting on each. */
  prepare(count: number): Promise<Prepared[]>;
}

/** Runs `work` on every item, `concurrency` at a time, and answers the results in the items' order. */
async function inPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

async function post(target: Target, path: string, cookie: string, body: unknown, expected: number): Promise<{ id: string; status: string }> {
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: target.origin, cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`setup: POST ${path} answered ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; status: string };
}

/** Books each time through the API as `ownerOf` says, and checks each booking came out in `status`. */
async function book(target: Target, combos: Combo[], ownerOf: (i: number) => string, status: 'confirmed' | 'requested'): Promise<string[]> {
  const items = combos.map((combo, i) => ({ combo, cookie: ownerOf(i) }));
  return inPool(items, SETUP_CONCURRENCY, async ({ combo, cookie }) => {
    const booking = await post(target, '/api/bookings', cookie, videoBody(combo.expertId, combo.date, combo.time), 201);
    if (booking.status !== status) throw new Error(`setup: a booking of expert ${combo.expertId} is ${booking.status}, not ${status}`);
    return booking.id;
  });
}

/** Up to `count` free times: fewer when the feed runs out, and the run then says it used all it had. */
function takeMany(feed: Feed, count: number): Combo[] {
  return Array.from({ length: Math.min(count, feed.left) }, () => feed.take());
}

/** Pairs of free times of one expert: a booking is made at the first and rescheduled to the second. */
function sameExpertPairs(feed: Feed, count: number): [Combo, Combo][] {
  const waiting = new Map<number, Combo>();
  const pairs: [Combo, Combo][] = [];
  while (pairs.length < count && feed.left > 0) {
    const combo = feed.take();
    const first = waiting.get(combo.expertId);
    if (first) {
      waiting.delete(combo.expertId);
      pairs.push([first, combo]);
    } else waiting.set(combo.expertId, combo);
  }
  return pairs;
}

/** The signed-in user's id, for linking accounts to experts in the database. */
async function userId(target: Target, cookie: string): Promise<string> {
  const response = await fetch(`${target.url}/api/auth/user`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`setup: GET /api/auth/user answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** Autocannon over the prepared requests, each sent once; never more than there are. `sent` gets each one's send time. */
function changeLoad(target: Target, prepared: Prepared[], sent: number[] = []): Promise<Figures> {
  let n = 0;
  return run(target, {
    url: target.url,
    connections: CONNECTIONS,
    // Each connection builds one request ahead of what it sends.
    maxOverallRequests: Math.max(CONNECTIONS, prepared.length - 2 * CONNECTIONS),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const p = prepared[n++];
          if (!p) throw new Error('ran out of prepared bookings');
          sent.push(performance.now());
          return {
            ...request,
            path: p.path,
            headers: { 'content-type': 'application/json', origin: target.origin, cookie: p.cookie, 'idempotency-key': randomUUID() },
            body: JSON.stringify(p.body),
          };
        },
      },
    ],
  });
}

/**
 * Waits until the server is nearly idle (under 10% of a core for half a second, 30 s at most): the e-mail
 * jobs the setup's bookings queued are done, so a run's CPU and latency are its own requests' (and the jobs
 * they queue).
 */
async function settle(target: Target) {
  const pid = target.server.process.pid!;
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    const before = cpuSeconds(pid);
    await sleep(500);
    if (cpuSeconds(pid) - before < 0.05) return;
  }
}

const answeredOf = (f: Figures) => Object.values(f.statuses).reduce((a, b) => a + b, 0);

async function measureAction(label: string, target: Target, action: Action) {
  const warmUpBookings = await action.prepare(WARM_UP);
  await settle(target);
  const sent: number[] = [];
  const warmUp = await changeLoad(target, warmUpBookings, sent);
  // The pace of the warm-up's second half: the first is slower, cold and with every connection starting.
  const half = Math.floor(sent.length / 2);
  const perSecond = (sent.length - 1 - half) / ((sent.at(-1)! - sent[half]!) / 1000);
  for (const sample of warmUp.samples) console.log(`    warm-up answer not 2xx (${action.name}): ${sample}`);
  // The warm-up's bookings it never reached are as good as new: the run takes them first.
  const prepared = [...warmUpBookings.slice(sent.length), ...(await action.prepare(Math.ceil(perSecond * DURATION_S * HEADROOM) + 2 * CONNECTIONS))];
  await settle(target);
  const figures = await changeLoad(target, prepared);
  console.log(line(action.name, figures, ` (budget ${BUDGET_P99_MS}: ${figures.p99 <= BUDGET_P99_MS ? 'ok' : 'OVER'})`));
  printSamples(figures);
  if (answeredOf(figures) >= prepared.length - 2 * CONNECTIONS) {
    console.log(`    ${label}: the run used all ${prepared.length - 2 * CONNECTIONS} prepared bookings before its ${DURATION_S} s were over`);
  }
  return figures;
}

/**
 * Experts of one database, split in three so each action books times nobody else books: the demo experts
 * as they are (instant booking, no account of ours) for the owner's actions; on PostgreSQL, experts linked
 * to accounts of ours taking requests (accept, decline), and ones confirming at once (complete, review).
 */
async function measure(label: 'PostgreSQL' | 'PGlite', serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'true' });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: label === 'PostgreSQL' };
  const db = label === 'PostgreSQL' ? new pg.Client({ connectionString: serverEnv.DATABASE_URL }) : null;
  await db?.connect();
  try {
    const setUpStarted = performance.now();
    const video = (await availableExperts(target)).filter((e) => e.serviceTypes.includes('video'));
    const ownerSide = db ? video.filter((_, i) => i % 4 < 2) : video;
    const requesting = db ? video.filter((_, i) => i % 4 === 2) : [];
    const confirming = db ? video.filter((_, i) => i % 4 === 3) : [];
    const owners = await signUpUsers(target, OWNERS);
    const expertCookies = new Map<number, string>();
    if (db) {
      const accounts = await signUpUsers(target, requesting.length + confirming.length);
      for (const [i, expert] of [...requesting, ...confirming].entries()) {
        const id = await userId(target, accounts[i]!);
        await db.query(`update users set role = 'expert' where id = $1`, [id]);
        await db.query('update experts set user_id = $1, instant_booking = $2 where id = $3', [id, i >= requesting.length, expert.id]);
        expertCookies.set(expert.id, accounts[i]!);
      }
    }
    console.log(
      `${label}: ${owners.length} owners${db ? ` and ${expertCookies.size} expert accounts` : ''} signed up in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s; video experts: ${ownerSide.length} for the owner's actions${db ? `, ${requesting.length} taking requests, ${confirming.length} confirming at once` : ''}`,
    );

    const ownerFeed = videoTimes(ownerSide, FEED_DAYS);
    let nextOwner = 0;
    const anyOwner = () => owners[nextOwner++ % owners.length]!;
    const expertOf = (expertId: number) => expertCookies.get(expertId)!;

    // Every message goes on a booking of its own, its owner the sender. Each run has senders of its own,
    // taking turns, each sending at most MESSAGES_PER_SENDER in all: nobody's per-minute limit is reached
    // however the run falls across the limiter's minutes.
    const messageSenders = async (count: number) => {
      const senders = await signUpUsers(target, Math.ceil(count / MESSAGES_PER_SENDER));
      return Array.from({ length: count }, (_, i) => senders[i % senders.length]!);
    };

    /** Confirmed bookings moved into the past, so they have started. */
    const pastSlots = new Map<number, number>();
    const since = Date.now() - 10 * 60_000;
    const startedBookings = async (feed: Feed, count: number) => {
      const combos = takeMany(feed, count);
      const ownerCookies = combos.map(() => anyOwner());
      const ids = await book(target, combos, (i) => ownerCookies[i]!, 'confirmed');
      // Shortened to PAST_SLOT_S each, back from ten minutes ago: one expert's live bookings may not overlap,
      // and the sweep completes by itself any confirmed booking that ended over a day ago, so all of them must
      // fit in the last day.
      const starts = combos.map((combo) => {
        const slot = (pastSlots.get(combo.expertId) ?? 0) + 1;
        if (slot * PAST_SLOT_S > 22 * 3600) throw new Error(`expert ${combo.expertId} has no time left in the past day`);
        pastSlots.set(combo.expertId, slot);
        return new Date(since - slot * PAST_SLOT_S * 1000).toISOString();
      });
      await db!.query(
        `update bookings b set starts_at = v.starts_at, ends_at = v.starts_at + make_interval(secs => ${PAST_SLOT_S})
         from unnest($1::uuid[], $2::timestamptz[]) as v(id, starts_at) where b.id = v.id`,
        [ids, starts],
      );
      return ids.map((id, i) => ({ id, owner: ownerCookies[i]!, expert: expertOf(combos[i]!.expertId) }));
    };

    const actions: Action[] = [
      {
        name: 'cancel',
        async prepare(count) {
          const combos = takeMany(ownerFeed, count);
          const cookies = combos.map(() => anyOwner());
          const ids = await book(target, combos, (i) => cookies[i]!, 'confirmed');
          return ids.map((id, i) => ({ path: `/api/bookings/${id}/cancel`, cookie: cookies[i]!, body: { reason: 'The engine started again this morning' } }));
        },
      },
      {
        name: 'reschedule',
        async prepare(count) {
          const pairs = sameExpertPairs(ownerFeed, count);
          const cookies = pairs.map(() => anyOwner());
          const ids = await book(target, pairs.map(([from]) => from), (i) => cookies[i]!, 'confirmed');
          return ids.map((id, i) => {
            const to = pairs[i]![1];
            return { path: `/api/bookings/${id}/reschedule`, cookie: cookies[i]!, body: { scheduledDate: to.date, preferredTime: to.time } };
          });
        },
      },
      {
        name: 'message send',
        async prepare(count) {
          const combos = takeMany(ownerFeed, count);
          const cookies = await messageSenders(count);
          const ids = await book(target, combos, (i) => cookies[i]!, 'confirmed');
          return ids.map((id, i) => ({ path: `/api/bookings/${id}/messages`, cookie: cookies[i]!, body: { text: `Is the 12th still good for you? (${i})` } }));
        },
      },
    ];
    if (db) {
      const requestFeed = videoTimes(requesting, FEED_DAYS);
      const confirmingFeed = videoTimes(confirming, FEED_DAYS);
      const requested = async (count: number, verb: string, body: unknown) => {
        const combos = takeMany(requestFeed, count);
        const ids = await book(target, combos, () => anyOwner(), 'requested');
        return ids.map((id, i) => ({ path: `/api/bookings/${id}/${verb}`, cookie: expertOf(combos[i]!.expertId), body }));
      };
      actions.push(
        { name: 'accept', prepare: (count) => requested(count, 'confirm', {}) },
        { name: 'decline', prepare: (count) => requested(count, 'decline', { reason: 'I am away at a boat show that week' }) },
        {
          name: 'complete',
          async prepare(count) {
            return (await startedBookings(confirmingFeed, count)).map((b) => ({ path: `/api/bookings/${b.id}/complete`, cookie: b.expert, body: {} }));
          },
        },
        {
          name: 'review',
          async prepare(count) {
            const started = await startedBookings(confirmingFeed, count);
            await inPool(started, SETUP_CONCURRENCY, (b) => post(target, `/api/bookings/${b.id}/complete`, b.expert, {}, 200));
            return started.map((b) => ({ path: `/api/bookings/${b.id}/review`, cookie: b.owner, body: { rating: 5, text: 'Found the overheating fault in ten minutes on video.' } }));
          },
        },
      );
    }

    console.log(`${label}, ${CONNECTIONS} connections, each request on a booking of its own:`);
    const results: [string, Figures][] = [];
    for (const action of actions) results.push([action.name, await measureAction(label, target, action)]);
    if (!db) console.log('  accept, decline, complete, review: measured on PostgreSQL only (their setup links experts to accounts and moves bookings into the past in the database)');
    console.log(`${label}: setup and runs took ${Math.round((performance.now() - setUpStarted) / 1000)} s`);
    return results;
  } finally {
    await db?.end();
    await server.stop();
  }
}

export async function benchBookingChanges() {
  console.log(`${DURATION_S} s per action after a ${WARM_UP}-request warm-up; p99 budget ${BUDGET_P99_MS} ms`);
  await onEachDatabase(measure);
}
