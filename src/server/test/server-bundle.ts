// Vitest global setup of the API test projects: the server bundle `npm start` runs, built once per
// project, which the tests that start server processes run (server-process.ts). Each project builds its
// own, so the two projects never rebuild a bundle the other's servers are starting from.
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

let outdir: string | undefined;

export async function setup(project: TestProject) {
  // Inside the project, so the bundle finds the project's node_modules as dist/server does.
  outdir = join(projectRoot(), 'node_modules', '.cache', `test-server-${project.name}`);
  await buildServer(outdir);
  project.provide('serverBundle', join(outdir, 'main.js'));
}

export function teardown() {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
}
