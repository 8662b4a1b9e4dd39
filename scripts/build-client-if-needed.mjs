// Builds the browser app when dist/client is missing or older than its sources (used by `npm start`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src/client', 'src/common', 'public', 'vite.config.ts', 'package-lock.json'];
const output = 'dist/client/index.html';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
