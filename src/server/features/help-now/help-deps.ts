import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Fanout } from '../../realtime/fanout.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** What Help now's services are given, built once in app.ts. */
export interface HelpNowDeps {
  db: Database;
  jobs: JobQueue;
  fanout: Fanout;
  /** The booking rules' clock (tests move it). */
  now(): Date;
  photos: PhotoStore;
}

/** The live topic of one expert's rings, and of one owner's request (docs/ARCHITECTURE.md#realtime). */
export const ringsTopic = (userId: string) => `help-rings:${userId}`;
export const requestTopic = (requestId: string) => `help-request:${requestId}`;
