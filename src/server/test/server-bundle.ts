// Vitest global setup of the API test projects: the server bundle `npm start` runs, which the tests that
// start server processes run (server-process.ts). Built once per run, not once per project: both projects'
// global setups run in vitest's main process, where they share the one build (and the last to finish
// removes it). Its own folder, not dist/server, so a run never rebuilds a bundle another run's servers
// (the journeys', a developer's `npm start`) are starting from.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';
import { projectRoot } from '../project-root.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundle's main.js, built from this checkout's sources. */
    serverBundle: string;
  }
}

interface SharedBuild {
  outdir: string;
  built: Promise<void>;
  users: number;
}

const KEY = Symbol.for('kb-marine.test-server-bundle');
const shared = globalThis as { [KEY]?: SharedBuild };

export async function setup(project: TestProject) {
  if (!shared[KEY]) {
    // Inside the project, so the bundle finds the project's node_modules as dist/server does.
    const outdir = join(projectRoot(), 'node_modules', '.cache', `test-server-${process.pid}`);
    shared[KEY] = { outdir, built: buildServer(outdir), users: 0 };
  }
  const build = shared[KEY];
  build.users += 1;
  await build.built;
  project.provide('serverBundle', join(build.outdir, 'main.js'));
}

export function teardown() {
  const build = shared[KEY];
  if (!build) return;
  build.users -= 1;
  if (build.users > 0) return;
  rmSync(build.outdir, { recursive: true, force: true });
  delete shared[KEY];
}
