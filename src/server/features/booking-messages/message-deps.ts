import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Fanout } from '../../realtime/fanout.js';
import type { PhotoStore } from '../workspace/photo-store.js';

/** What the booking-message services need besides their arguments. */
export interface MessageDeps {
  db: Database;
  jobs: JobQueue;
  fanout: Fanout;
  /** Message photos: private, served only through the booking's photo route. */
  photos: PhotoStore;
  baseUrl: string;
}
