import { defineConfig } from 'vitest/config';

// Browser journeys: one real server process (embedded database, demo experts) and system Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A screen waits on the server: under a loaded CI machine a second (the default) is too short a wait.
    expect: { poll: { timeout: 10_000 } },
  },
});
