// Bundles the server into dist/server/main.js so production starts on plain node, without compiling
// TypeScript at start-up. Dependencies stay external (node_modules).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The migrations are read at start-up next to the code that applies them.
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
