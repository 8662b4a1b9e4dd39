// Bundles the server into dist/server/main.js so production starts on plain node, without compiling
// TypeScript at start-up. Dependencies stay external (node_modules, found from the bundle's folder up).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Builds the bundle into `outdir` (inside the project, for its node_modules), with the migrations beside it. */
export async function buildServer(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile: join(outdir, 'main.js'),
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
