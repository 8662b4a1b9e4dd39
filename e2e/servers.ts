import { inject } from 'vitest';

/** The server the journeys start, as `npm start` runs it (`npm run test:e2e` builds it first). */
export const SERVER_BUNDLE = 'dist/server/main.js';

/** An app server of the journeys (global-setup.ts): its address, data folder and mail drop. */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Where the server's e-mails land, one file each (mail-drop.ts). */
  mailDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: journeys running at once never share a server, its clock or its inbox. */
    e2eServers: E2eServer[];
  }
}

/** The server of the worker running this journey file (vitest numbers its workers from 1). */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}
