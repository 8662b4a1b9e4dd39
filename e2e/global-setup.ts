import type { TestProject } from 'vitest/node';
import { startAppServer, type AppServer } from './app-server.js';

const running: AppServer[] = [];

/**
 * A journeys' server with the demo experts. TEST_CLOCK lets a journey move the booking rules' clock past a
 * booking's start (see e2e/test-clock.ts); ALLOW_PRIVATE_CALENDAR_URLS lets an expert's calendar be read
 * from a journey's server on 127.0.0.1.
 */
async function startServer(): Promise<AppServer> {
  const server = await startAppServer('journeys', { TEST_CLOCK: 'true', ALLOW_PRIVATE_CALENDAR_URLS: 'true' });
  running.push(server);
  return server;
}

export async function setup(project: TestProject) {
  // One server per worker, and no more workers than journey files (a run of one file starts one server).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const workers = Math.max(1, Math.min(Number(project.config.maxWorkers) || 1, testFiles.length));
  const servers = await Promise.all(Array.from({ length: workers }, startServer));
  project.provide('e2eServers', servers.map(({ baseUrl, dataDir, mailDir }) => ({ baseUrl, dataDir, mailDir })));
}

export async function teardown() {
  await Promise.all(running.map((server) => server.stop()));
}
