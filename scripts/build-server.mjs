// Bundles the server into dist/server/main.js so production starts on plain node, without compiling
// TypeScript at start-up. Dependencies stay external (node_modules, found from the bundle's folder up).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Builds the bundles into `outdir` (inside the project, for its node_modules), with the migrations beside them. */
export async function buildServer(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The service record's layout thread (pdf/service-record-thread.ts) loads its bundle from beside main.js.
    entryPoints: { main: 'src/server/main.ts', 'service-record-worker': 'src/server/pdf/service-record-worker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The migrations are read at start-up next to the code that applies them.
  cpSync('src/server/db/migrations', join(outdir, 'migrations'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer('dist/server');
