// GET /api/experts: one repeated query (the listing cache) against a bare route returning the same bytes,
// and a varied mix as visitors ask it (every filter, sort and deep pages, so the cache rarely helps).
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { DirectoryIndex } from '../src/server/features/experts/directory/directory-index.js';
import { readApprovedExperts } from '../src/server/features/experts/directory/expert-directory.js';
import { expertListQuerySchema } from '../src/common/experts.js';
import { insertSyntheticExperts } from './generate-experts.js';
import { expertQueryMix } from './expert-query-mix.js';
import { profileDuring, topFunctions } from './cpu-profile.js';
import { freePort, rssMb, startServer, withScratchDatabase } from './server-process.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const REPEATED = '/api/experts?specialty=engines&sort=rating&limit=24';
const MIX_SEED = 1;

type Load = { p50: number; p99: number; rps: number; errors: number; distinct?: number };
const show = (l: Load) =>
  `p50 ${l.p50} ms, p99 ${l.p99} ms, ${l.rps} req/s, errors ${l.errors}${l.distinct ? `, ${l.distinct} distinct queries` : ''}`;

async function load(url: string, nextPath?: () => string): Promise<Load> {
  const asked = new Set<string>();
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION_S,
    pipelining: 1,
    ...(nextPath && {
      // Browsers ask for compressed answers, so every page the cache has not seen is also compressed once.
      headers: { 'accept-encoding': 'br, gzip' },
      requests: [
        {
          setupRequest: (request) => {
            const path = nextPath();
            asked.add(path);
            return { ...request, path };
          },
        },
      ],
    }),
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    distinct: nextPath ? asked.size : undefined,
  };
}

async function bareBaseline(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'kb-bare-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, bytes);
  const port = await freePort();
  const child = fork(resolve('bench/bare-server.ts'), [file, String(port)], { execArgv: ['--import', 'tsx'] });
  await new Promise((r) => child.once('message', r));
  try {
    return await load(`http://127.0.0.1:${port}/api/experts`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const parse = (queryString: string) => expertListQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));

/**
 * The directory alone, in this process: how long it takes to read and index every approved expert, what
 * it holds in the heap, and count + page for 300 queries of the mix one at a time (the slowest three shown,
 * each with its plan: the sets intersected or the order walked).
 */
export async function directoryTimes(env: { url?: string; pgliteDir?: string }) {
  const database = await openDatabase(env);
  try {
    // npm run bench runs node with --expose-gc, so that the heap is measured after a full collection.
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const readStarted = performance.now();
    const approved = await readApprovedExperts(database.db);
    const readMs = performance.now() - readStarted;
    const buildStarted = performance.now();
    const directory = DirectoryIndex.build(approved);
    const buildMs = performance.now() - buildStarted;
    approved.length = 0;
    global.gc?.();
    const heapMb = ((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(0);
    const run = (seed: number) => {
      const next = expertQueryMix(seed);
      return Array.from({ length: 300 }, () => {
        const queryString = next();
        const query = parse(queryString);
        const started = performance.now();
        // As the server asks: the count first, which lets the page choose its cheaper way.
        const paging = { ...query, matching: directory.count(query).total };
        directory.page(query, paging);
        return { queryString, ms: performance.now() - started, plan: () => directory.explain(query, paging) };
      });
    };
    run(98); // warm-up with other queries, as a server that has been answering is
    const timed = run(99).sort((a, b) => b.ms - a.ms);
    const at = (p: number) => timed[Math.floor(timed.length * (1 - p))]!.ms.toFixed(2);
    console.log(`  directory of ${directory.size.toLocaleString('en-US')} experts: read in ${readMs.toFixed(0)} ms, indexed in ${buildMs.toFixed(0)} ms, ${heapMb} MB of heap`);
    console.log(`  directory alone, one at a time, 300 queries of the mix (count + page): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    for (const { queryString, ms, plan } of timed.slice(0, 3)) console.log(`    ${ms.toFixed(2)} ms: ${queryString}\n      ${plan()}`);
  } finally {
    await database.close();
  }
}

/** 'Load more' forty times, by cursor as the screens do and by offset, timing pages 1, 10 and 40. */
async function loadMore(baseUrl: string) {
  const searches = ['sort=name', 'serviceType=onsite&sort=price-low', 'available=true&sort=experience', 'sort=rating&minRating=3.5'];
  const pagesTimed = [1, 10, 40];
  for (const how of ['cursor', 'offset'] as const) {
    const times = new Map<number, number[]>(pagesTimed.map((p) => [p, []]));
    for (const search of searches) {
      let cursor: string | null = null;
      for (let page = 1; page <= 40; page++) {
        const paging: string = page === 1 ? '' : how === 'cursor' ? `&cursor=${cursor}` : `&offset=${(page - 1) * 24}`;
        const started = performance.now();
        const response: Response = await fetch(`${baseUrl}/api/experts?${search}&limit=24${paging}`);
        await response.arrayBuffer();
        times.get(page)?.push(performance.now() - started);
        cursor = response.headers.get('x-next-cursor');
      }
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!.toFixed(1);
    console.log(`  load more by ${how}: ${pagesTimed.map((p) => `page ${p} ${median(times.get(p)!)} ms`).join(', ')} (median of ${searches.length} searches)`);
  }
}

/** The varied load, with the server's CPU profile when BENCH_CPU_PROFILE=1 (the server has an inspector). */
async function profiledLoad(label: string, inspectPort: number | undefined, work: () => Promise<Load>): Promise<Load> {
  if (!inspectPort) return work();
  const { result, profile } = await profileDuring(inspectPort, work);
  const file = join(tmpdir(), `kb-bench-experts-${label.toLowerCase()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const answered = result.rps * DURATION_S;
  console.log(`  CPU profile of the server, varied queries (about ${answered} answered), top functions by self time:`);
  for (const entry of topFunctions(profile, answered, 12)) console.log(`    ${entry}`);
  console.log(`    (the whole profile: ${file}, for Chrome's DevTools)`);
  return result;
}

export async function seed(env: { url?: string; pgliteDir?: string }, count: number) {
  const database: DatabaseHandle = await openDatabase(env);
  try {
    await database.migrate();
    await insertSyntheticExperts(database.db, count);
    await database.db.execute(sql`vacuum analyze experts`);
  } finally {
    await database.close();
  }
}

/**
 * The sitemap index and every experts' sitemap it lists, fetched as a crawler does (gzip), three times
 * each; the slowest of the three, and the addresses counted against the experts.
 */
async function sitemaps(baseUrl: string, count: number) {
  const fetchTimed = async (path: string) => {
    let worst = 0;
    let body = '';
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      body = await response.text();
      worst = Math.max(worst, performance.now() - started);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    }
    return { worst, body };
  };
  const index = await fetchTimed('/sitemap.xml');
  const files = [...index.body.matchAll(/<loc>[^<]*(\/sitemaps\/experts-\d+\.xml)<\/loc>/g)].map((match) => match[1]!);
  const timed = [];
  let urls = 0;
  for (const file of files) {
    const { worst, body } = await fetchTimed(file);
    urls += body.split('<url>').length - 1;
    timed.push(`${file} ${worst.toFixed(0)} ms`);
  }
  const budget = count >= 100_000 ? ` (budget under 1,000 ms each: ${Math.max(index.worst, ...timed.map((t) => Number(t.split(' ')[1]))) < 1000 ? 'ok' : 'OVER'})` : '';
  console.log(`  sitemaps, slowest of 3 (gzip): index ${index.worst.toFixed(0)} ms, ${timed.join(', ')}; ${urls.toLocaleString('en-US')} expert addresses for ${count.toLocaleString('en-US')} experts${budget}`);
}

export async function measure(label: string, count: number, serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, SEED_DEMO: 'false' });
  try {
    const base = `http://127.0.0.1:${new URL(server.baseUrl).port}`;
    const mix = (seed: number) => {
      const next = expertQueryMix(seed);
      return () => `/api/experts?${next()}`;
    };
    // The first answer waits for the directory to be read; resident memory is sampled from then on.
    await fetch(`${base}/api/experts?limit=1`);
    const rssReady = rssMb(server.process.pid!);
    let rssPeak = rssReady;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.process.pid!))), 50);
    await load(base, mix(MIX_SEED + 1000)); // warm-up with other queries, not reported
    const varied = await profiledLoad(label, server.inspectPort, () => load(base, mix(MIX_SEED)));
    clearInterval(sampler);
    const rssAfterVaried = rssMb(server.process.pid!);
    const bytes = Buffer.from(await (await fetch(`${base}${REPEATED}`)).arrayBuffer());
    const repeated = await load(`${base}${REPEATED}`);
    const bare = await bareBaseline(bytes);
    console.log(`${label}, ${count.toLocaleString('en-US')} experts:`);
    const budget = count >= 100_000 ? ` (budget p99 40 ms at 100,000 experts: ${varied.p99 <= 40 ? 'ok' : 'OVER'})` : '';
    console.log(`  varied queries: ${show(varied)}${budget}`);
    console.log(`  one repeated query (${REPEATED}): ${show(repeated)} | bare route: ${show(bare)} | ${((repeated.rps / bare.rps) * 100).toFixed(0)}% of bare`);
    await loadMore(base);
    await sitemaps(base, count);
    console.log(
      `  server RSS with the directory read: ${rssReady} MB, peak under the varied load (warm-up and measured): ${rssPeak} MB, ` +
        `after it: ${rssAfterVaried} MB, at the end: ${rssMb(server.process.pid!)} MB`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchExperts() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    await withScratchDatabase(pgUrl, async (url) => {
      await seed({ url }, 100_000);
      await measure('PostgreSQL', 100_000, { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'kb-bench-pg-')) });
      await directoryTimes({ url });
    });
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-pglite-'));
  try {
    await seed({ pgliteDir: join(dataDir, 'pglite') }, 10_000);
    await measure('PGlite', 10_000, { DATA_DIR: dataDir, DATABASE_URL: '' });
    await directoryTimes({ pgliteDir: join(dataDir, 'pglite') });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

