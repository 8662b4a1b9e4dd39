// Background jobs under a booking load: bookings at the soak's steady rate, and the e-mails they cause
// (e-mail jobs enqueued with each booking) arriving at an SMTP server on 127.0.0.1. The
// queue lag of an e-mail is the time from its booking's 201 (sent once the booking committed) to the
// moment the SMTP server has taken the message.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { availableExperts, cpuSeconds, signUpUsers, statusText, videoBody, videoTimes, type Target } from './bookings.js';
import { onEachDatabase, startServer } from './server-process.js';

/** Bookings a second: the rate of the soak that left a backlog of e-mails. */
const RATE = Number(process.env.BENCH_JOBS_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_JOBS_SECONDS ?? 30);
/** Every e-mail should leave within this long of its booking's commit. */
const TARGET_S = 60;
/** The e-mails are taken to be all in once none arrived for this long. */
const QUIET_MS = 10_000;
/** The longest wait for them after the last booking. */
const DRAIN_LIMIT_MS = 300_000;
const USERS = 20;

interface Arrival {
  at: number;
  raw: string;
}

function startSink(): Promise<{ url: string; arrivals: Arrival[]; close(): Promise<void> }> {
  const arrivals: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrivals.push({ at: performance.now(), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, arrivals, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** Waits until no e-mail arrived for `quietMs` since `from`, or `limitMs` after it. */
async function quiet(arrivals: Arrival[], from: number, quietMs: number, limitMs: number): Promise<void> {
  for (;;) {
    const now = performance.now();
    if (now - Math.max(arrivals.at(-1)?.at ?? from, from) >= quietMs || now - from > limitMs) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measure(label: string, serverEnv: Record<string, string>) {
  const sink = await startSink();
  const server = await startServer({ ...serverEnv, TRUST_PROXY: 'true', SEED_DEMO: 'true', SMTP_URL: sink.url });
  const target: Target = { server, url: `http://127.0.0.1:${new URL(server.baseUrl).port}`, origin: server.baseUrl, postgres: Boolean(serverEnv.DATABASE_URL) };
  try {
    const cookies = await signUpUsers(target, USERS);
    const feed = videoTimes(await availableExperts(target));
    // Whatever the sign-ups sent is let through first: it is not the load's.
    await quiet(sink.arrivals, performance.now(), 3_000, 60_000);
    const before = sink.arrivals.length;
    /** When each booking's 201 arrived, by booking number. */
    const committed = new Map<number, number>();
    let n = 0;
    const cpuBefore = cpuSeconds(server.process.pid!);
    const startedAt = performance.now();
    const result = await autocannon({
      url: target.url,
      connections: 10,
      overallRate: RATE,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/bookings',
          setupRequest: (request) => {
            const combo = feed.take();
            return {
              ...request,
              headers: { 'content-type': 'application/json', origin: target.origin, cookie: cookies[n++ % cookies.length]!, 'idempotency-key': randomUUID() },
              body: JSON.stringify(videoBody(combo.expertId, combo.date, combo.time)),
            };
          },
          onResponse: (status, body) => {
            if (status === 201) committed.set((JSON.parse(body) as { number: number }).number, performance.now());
          },
        },
      ],
    });
    const loadEnded = performance.now();
    await quiet(sink.arrivals, loadEnded, QUIET_MS, DRAIN_LIMIT_MS);
    const lastArrival = sink.arrivals.at(-1)?.at ?? loadEnded;
    // The server's share of a core from the first booking to the last e-mail: near 100% it was the limit.
    const busy = (cpuSeconds(server.process.pid!) - cpuBefore) / ((Math.max(lastArrival, loadEnded) - startedAt) / 1000);
    const statuses: Record<string, number> = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count ?? 0);

    const lags: number[] = [];
    let unmatched = 0;
    for (const arrival of sink.arrivals.slice(before)) {
      const subject = (await simpleParser(arrival.raw)).subject ?? '';
      const sent = committed.get(Number(/#(\d+)/.exec(subject)?.[1]));
      // Bookings still in flight when the run stopped committed, but autocannon reports no answer for them.
      if (sent === undefined) unmatched++;
      else lags.push(arrival.at - sent);
    }
    lags.sort((a, b) => a - b);
    console.log(
      `${label}: ${committed.size} bookings in ${SECONDS} s (${(committed.size / SECONDS).toFixed(1)}/s, asked ${RATE}/s; statuses ${statusText(statuses)}), ${lags.length} e-mails from them (${(lags.length / Math.max(1, committed.size)).toFixed(2)} a booking)${unmatched ? `, and ${unmatched} of bookings answered after the run stopped` : ''}`,
    );
    console.log(
      `  queue lag, booking committed -> e-mail taken by SMTP: p50 ${seconds(percentile(lags, 50))}, p90 ${seconds(percentile(lags, 90))}, p99 ${seconds(percentile(lags, 99))}, max ${seconds(lags.at(-1) ?? NaN)} (target: every e-mail within ${TARGET_S} s: ${(lags.at(-1) ?? Infinity) <= TARGET_S * 1000 ? 'ok' : 'OVER'}); the last e-mail ${seconds(Math.max(0, lastArrival - loadEnded))} after the last booking; the server used ${Math.round(busy * 100)}% of a core meanwhile`,
    );
  } finally {
    await server.stop();
    await sink.close();
  }
}

export async function benchJobs() {
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(`machine: ${cpus().length} CPUs; load average ${load()} (1, 5, 15 min) before; bookings at ${RATE}/s for ${SECONDS} s, 10 connections`);
  await onEachDatabase(measure);
  console.log(`load average ${load()} after`);
}
