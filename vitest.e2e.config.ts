import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: real server processes (embedded database, demo experts) and system Chromium. Journey
// files run two at a time, each worker with a server of its own (global-setup.ts).
export default defineConfig({
  // Its own cache folder: npm test runs the journeys beside the unit and API tests, and two vitest runs
  // writing one results file at once could leave it unreadable.
  cacheDir: 'node_modules/.vite-e2e',
  // Journeys read some client helpers (a booking's times), which import the shared code by this name.
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    maxWorkers: 2,
    // A worker's journey files run one after another in one module graph, sharing the worker's server and
    // Chromium (workerBrowser in browser.ts); each file opens browser contexts of its own.
    isolate: false,
    setupFiles: ['e2e/file-cleanup.ts'],
    testTimeout: 150_000,
    hookTimeout: 180_000,
    // A screen waits on the server: under a loaded CI machine a second (the default) is too short a wait.
    expect: { poll: { timeout: 10_000 } },
  },
});
