// GET /api/experts with 10,000 experts at 50 connections, against a bare route returning the same bytes.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { listConditions } from '../src/server/features/experts/service.js';
import { orderBy, sortKeys } from '../src/server/features/experts/sort-keys.js';
import { experts } from '../src/server/db/schema.js';
import { expertListQuerySchema } from '../src/common/expert.js';
import { insertSyntheticExperts } from './generate-experts.js';
import { freePort, rssMb, startServer, withScratchDatabase } from './server-process.js';

const COUNT = 10_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const QUERIES = {
  'specialty=engines&sort=rating&limit=24': '/api/experts?specialty=engines&sort=rating&limit=24',
  'free text q=fort lauderdale': '/api/experts?q=fort%20lauderdale&limit=24',
};

async function load(url: string) {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, pipelining: 1 });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
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

async function explain(url: string) {
  const database = await openDatabase({ url });
  try {
    for (const [label, path] of Object.entries(QUERIES)) {
      const query = expertListQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      const statement = database.db
        .select({ id: experts.id })
        .from(experts)
        .where(listConditions(query))
        .orderBy(...orderBy(sortKeys(query)))
        .limit(query.limit)
        .toSQL();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const plan = await client.query(`EXPLAIN ANALYZE ${statement.sql}`, statement.params);
      await client.end();
      console.log(`  plan for ${label}:`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
  } finally {
    await database.close();
  }
}

async function seed(env: { url?: string; pgliteDir?: string }) {
  const database = await openDatabase(env);
  try {
    await database.migrate();
    await insertSyntheticExperts(database.db, COUNT);
    if (database.kind === 'postgres') await database.db.execute(sql`analyze experts`);
  } finally {
    await database.close();
  }
}

async function measure(label: string, serverEnv: Record<string, string>) {
  const server = await startServer({ ...serverEnv, SEED_DEMO: 'false' });
  try {
    for (const [name, path] of Object.entries(QUERIES)) {
      const url = `http://127.0.0.1:${new URL(server.baseUrl).port}${path}`;
      const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
      await load(url); // warm-up run, not reported
      const api = await load(url);
      const bare = await bareBaseline(bytes);
      console.log(
        `${label} ${name}: p50 ${api.p50} ms, p99 ${api.p99} ms, ${api.rps} req/s, errors ${api.errors} | bare route: p99 ${bare.p99} ms, ${bare.rps} req/s | throughput ${(api.rps / bare.rps * 100).toFixed(0)}% of bare | ${bytes.length} bytes`,
      );
    }
    console.log(`${label} server RSS after load: ${rssMb(server.process.pid!)} MB`);
  } finally {
    await server.stop();
  }
}

export async function benchExperts() {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    await withScratchDatabase(pgUrl, async (url) => {
      await seed({ url });
      await explain(url);
      await measure('PostgreSQL', { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'kb-bench-pg-')) });
    });
  } else {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-pglite-'));
  try {
    await seed({ pgliteDir: join(dataDir, 'pglite') });
    await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
