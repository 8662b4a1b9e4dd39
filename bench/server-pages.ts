// Public pages rendered on the server for signed-out visitors (docs/PRODUCT.md#found-on-the-web): expert
// profiles and directory pages at 50 connections on PostgreSQL with 100,000 experts, each address asked
// about once (so each is rendered), and a small set of popular pages asked again and again (the rendered
// pages' cache).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { expertQueryMix } from './expert-query-mix.js';
import { seededRandom } from './seeded-random.js';
import { seed } from './experts.js';
import { startServer, withScratchDatabase } from './server-process.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const EXPERTS = 100_000;

type Load = { p50: number; p99: number; rps: number; errors: number; distinct: number };

async function load(base: string, nextPath: () => string): Promise<Load> {
  const asked = new Set<string>();
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: DURATION_S,
    // As browsers and crawlers ask: compressed.
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
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx, distinct: asked.size };
}

const show = (l: Load) => `p50 ${l.p50} ms, p99 ${l.p99} ms, ${l.rps} pages/s, errors ${l.errors}, ${l.distinct} distinct addresses`;

/** Half expert profiles (any of the experts), half directory pages with the filters visitors use. */
function variedPages(seedValue: number) {
  const random = seededRandom(seedValue);
  const queries = expertQueryMix(seedValue);
  const directories = ['/experts', '/onsite-request', '/video-consultation'];
  return () => {
    if (random() < 0.5) return `/expert/${1 + Math.floor(random() * EXPERTS)}`;
    return `${directories[Math.floor(random() * directories.length)]}?${queries()}`;
  };
}

/** The twenty best-rated experts' profiles and the directories, bare: what shared links and crawlers ask again. */
async function popularPages(base: string) {
  const best = (await (await fetch(`${base}/api/experts?sort=rating&limit=20`)).json()) as { id: number }[];
  const pages = ['/', '/experts', '/onsite-request', '/video-consultation', ...best.map((expert) => `/expert/${expert.id}`)];
  let next = 0;
  return () => pages[next++ % pages.length]!;
}

export async function benchServerPages() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  await withScratchDatabase(pgUrl, async (url) => {
    await seed({ url }, EXPERTS);
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'kb-bench-pg-')), SEED_DEMO: 'false' });
    try {
      const base = `http://127.0.0.1:${new URL(server.baseUrl).port}`;
      const page = await fetch(`${base}/expert/1`);
      if (!(await page.text()).includes('id="page-state"')) throw new Error('the server did not render /expert/1: is dist/ssr built?');
      await load(base, variedPages(2)); // warm-up with other addresses, not reported
      const rendered = await load(base, variedPages(1));
      const cached = await load(base, await popularPages(base));
      const renderBudget = rendered.p99 <= 120 && rendered.rps >= 500 ? 'ok' : 'OVER';
      console.log(`  rendered, each address once (a profile of a pending expert is a 404, counted as an error): ${show(rendered)} (budget p99 <= 120 ms and >= 500 pages/s: ${renderBudget})`);
      console.log(`  kept pages, 24 popular addresses again and again: ${show(cached)} (budget >= 2,000 pages/s: ${cached.rps >= 2000 ? 'ok' : 'OVER'})`);
    } finally {
      await server.stop();
    }
  });
}
