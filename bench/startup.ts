// Start-up time, idle memory and the JavaScript the home page loads, each against its budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { rssMb, startServer, withScratchDatabase } from './server-process.js';
import { chromiumPath } from './chromium-path.js';

async function homePageJavaScriptKb(baseUrl: string): Promise<{ kb: number; gzipKb: number; files: number }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const sizes: Promise<number>[] = [];
    const urls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        sizes.push(response.request().sizes().then((s) => s.responseBodySize));
        urls.push(response.url());
      }
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    let gzipBytes = 0;
    for (const url of urls) {
      // The same gzip -9 the build writes beside each file.
      gzipBytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    }
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    return { kb: kb(bytes), gzipKb: kb(gzipBytes), files: sizes.length };
  } finally {
    await browser.close();
  }
}

export async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-bench-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = await startServer(env);
    console.log(`first start (creates, migrates, seeds the embedded database): ${(first.readyAfterMs / 1000).toFixed(2)} s  (budget 10 s)`);
    await first.stop();

    const second = await startServer(env);
    console.log(`start with an existing seeded embedded database:      ${(second.readyAfterMs / 1000).toFixed(2)} s  (budget 3 s)`);
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`idle RSS, embedded PGlite:                             ${rssMb(second.process.pid!)} MB  (budget 450 MB)`);
    const js = await homePageJavaScriptKb(second.baseUrl);
    console.log(`JavaScript loaded by the home page:                    ${js.kb} KB as transferred (brotli) in ${js.files} files; ${js.gzipKb} KB gzip  (budget 170 KB gzip)`);
    await second.stop();

    if (process.env.BENCH_DATABASE_URL) {
      await withScratchDatabase(process.env.BENCH_DATABASE_URL, async (url) => {
        const pg = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url });
        await new Promise((r) => setTimeout(r, 3000));
        console.log(`start on PostgreSQL: ${(pg.readyAfterMs / 1000).toFixed(2)} s; idle RSS: ${rssMb(pg.process.pid!)} MB  (budget 250 MB)`);
        await pg.stop();
      });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
