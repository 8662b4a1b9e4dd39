// npm run bench: every benchmark of DESIGN.md section 4 that exists so far, with same-run baselines.
import { benchStartup } from './startup.js';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) process.env.BENCH_DATABASE_URL = pgUrl;

console.log('== Start-up, memory, first page');
await benchStartup();
