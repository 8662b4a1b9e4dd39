// npm run dev: the API server in watch mode on :3000 behind Vite's dev server with hot reload on :5173.
import { spawn } from 'node:child_process';

const env = { ...process.env, BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173', PORT: process.env.PORT ?? '3000' };
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { env, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
