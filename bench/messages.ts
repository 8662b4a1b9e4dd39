// Booking message delivery between two app servers on one PostgreSQL: an owner sends over HTTP to server A,
// the expert's live socket on server B receives it. Measured from the send to the socket's frame, for 1,000
// messages one after another, then 500 at 10 at a time; the same on one server is the same-run baseline.
import { signUpAndSignIn } from './sign-up.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer, withScratchDatabase, type RunningServer } from './server-process.js';

/** Half for the baseline, half for the two-server run; each owner then sends about 51 messages, under 60 a minute. */
const PAIRS = 60;
const SEQUENTIAL = 1_000;
const CONCURRENT = 500;
const CONCURRENCY = 10;
const BUDGET_P99_MS = 100;

interface Party {
  id: string;
  cookie: string;
}
interface Conversation {
  bookingId: string;
  owner: Party;
  expert: Party;
}

let nextAddress = 0;
async function signUp(server: RunningServer): Promise<Party> {
  const n = nextAddress++;
  return signUpAndSignIn(server.baseUrl, {
    address: `10.78.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    email: `bench-${randomUUID().slice(0, 12)}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Bench',
    lastName: 'User',
  });
}

/** PAIRS owners with a confirmed booking each, of the demo experts (each now linked to an account of its own). */
async function conversations(server: RunningServer, databaseUrl: string): Promise<Conversation[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: experts } = await client.query<{ id: number }>(`select id from experts where status = 'approved' order by id limit ${PAIRS}`);
    const parties: Party[] = [];
    // A few at a time: password hashing is the sign-up's cost.
    while (parties.length < PAIRS + experts.length) parties.push(...(await Promise.all(Array.from({ length: 5 }, () => signUp(server)))));
    const expertAccounts = parties.slice(PAIRS, PAIRS + experts.length);
    for (const [i, expert] of experts.entries()) await client.query('update experts set user_id = $1 where id = $2', [expertAccounts[i]!.id, expert.id]);
    const result: Conversation[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const e = i % experts.length;
      // Distinct days, so one expert's bookings never overlap.
      const { rows } = await client.query<{ id: string }>(
        `insert into bookings (user_id, expert_id, service_type, status, starts_at, ends_at, time_zone, description, price_cents, onsite_visit_cents)
         values ($1, $2, 'video', 'confirmed', now() + make_interval(days => 200 + $3), now() + make_interval(days => 200 + $3, mins => 30), 'America/New_York', 'Bench conversation', 5000, 15000)
         returning id`,
        [parties[i]!.id, experts[e]!.id, i],
      );
      result.push({ bookingId: rows[0]!.id, owner: parties[i]!, expert: expertAccounts[e]! });
    }
    return result;
  } finally {
    await client.end();
  }
}

/** The expert's booking page socket on `server`; resolves each awaited text when its message arrives. */
async function openReader(server: RunningServer, conversation: Conversation) {
  const waiting = new Map<string, (at: number) => void>();
  const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/bookings/${conversation.bookingId}/messages/live`, {
    headers: { origin: server.baseUrl, cookie: conversation.expert.cookie },
  });
  socket.on('message', (data) => {
    const at = performance.now();
    const event = JSON.parse(String(data)) as { type: string; message?: { text: string } };
    if (event.type === 'message' && event.message) waiting.get(event.message.text)?.(at);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    arrival: (text: string) => new Promise<number>((resolve) => waiting.set(text, resolve)),
    close: () => socket.close(),
  };
}

type Reader = Awaited<ReturnType<typeof openReader>>;

/** Sends one message as the owner on `sender` and answers the milliseconds until the reader had it. */
async function deliver(sender: RunningServer, conversation: Conversation, reader: Reader): Promise<number> {
  const text = `bench ${randomUUID()}`;
  const arrived = reader.arrival(text);
  const started = performance.now();
  const response = await fetch(`${sender.baseUrl}/api/bookings/${conversation.bookingId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: sender.baseUrl, cookie: conversation.owner.cookie },
    body: JSON.stringify({ text }),
  });
  if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  return (await arrived) - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(label: string, latencies: number[], budget: boolean) {
  const sorted = latencies.toSorted((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const verdict = budget ? `  budget p99 <= ${BUDGET_P99_MS} ms: ${p99 <= BUDGET_P99_MS ? 'met' : 'MISSED'}` : '';
  console.log(
    `${label.padEnd(52)} n=${sorted.length}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms${verdict}`,
  );
}

async function run(sender: RunningServer, receiver: RunningServer, all: Conversation[], label: string, budget: boolean) {
  const readers = await Promise.all(all.map((conversation) => openReader(receiver, conversation)));
  try {
    // A few unmeasured messages first: connections, prepared statements and the JIT warm up.
    for (let i = 0; i < 20; i++) await deliver(sender, all[i % all.length]!, readers[i % all.length]!);
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await deliver(sender, all[i % all.length]!, readers[i % all.length]!));
    report(`${label}, one after another`, sequential, budget);
    const concurrent: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < CONCURRENT) {
          const i = next++;
          concurrent.push(await deliver(sender, all[i % all.length]!, readers[i % all.length]!));
        }
      }),
    );
    report(`${label}, ${CONCURRENCY} at a time`, concurrent, budget);
  } finally {
    for (const reader of readers) reader.close();
  }
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

export async function benchMessages() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.log('skipped: delivery between app servers needs PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  await withScratchDatabase(pgUrl, async (url) => {
    const dirs = [mkdtempSync(join(tmpdir(), 'kb-bench-msg-a-')), mkdtempSync(join(tmpdir(), 'kb-bench-msg-b-'))];
    // Both servers must accept the same session cookies, as behind one load balancer.
    const shared = { DATABASE_URL: url, TRUST_PROXY: 'true', SESSION_SECRET: `bench-${randomUUID()}-${randomUUID()}` };
    const a = await startServer({ ...shared, DATA_DIR: dirs[0]!, SEED_DEMO: 'true' });
    const b = await startServer({ ...shared, DATA_DIR: dirs[1]!, SEED_DEMO: 'false' });
    try {
      const all = await conversations(a, url);
      console.log(`machine: ${cpus().length} CPUs; load average ${load()} (1, 5, 15 min) before`);
      await run(a, a, all.slice(0, PAIRS / 2), 'baseline: sender and reader on one server', false);
      await run(a, b, all.slice(PAIRS / 2), 'sent on server A, read live on server B', true);
      console.log(`load average ${load()} after`);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
}
