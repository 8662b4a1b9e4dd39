// Builds the browser app and the server bundle when they are missing or older than their sources (used by `npm start` and the tests).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const clientSources = ['src/client', 'src/common', 'public', 'vite.config.ts', 'vite-page-preloads.ts', 'vite-precompress.ts', 'package-lock.json'];
const serverSources = ['src/server', 'src/common', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = (output) => (existsSync(output) ? statSync(output).mtimeMs : 0);
const stale = (output, sources) => builtAt(output) < Math.max(...sources.map(newestMtime));

if (stale('dist/client/index.html', clientSources) || stale('dist/ssr/entry-server.js', clientSources)) {
  console.log('Building the web app...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  // The server's renderer of public pages.
  await build({ logLevel: 'warn', build: { ssr: true } });
}
if (stale('dist/server/main.js', serverSources)) {
  console.log('Building the server...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer('dist/server');
}
