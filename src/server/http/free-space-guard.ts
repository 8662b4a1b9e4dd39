import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.js';
import type { FreeSpaceFloor } from '../db/free-space-floor.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Long enough for an operator to make room; the writes were refused before the disk filled up. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Refuses every write (any request but a read) with 503 and Retry-After while the embedded database's
 * disk is below its free-space floor; reads keep working. Once there is room again, writes go through.
 */
export function registerFreeSpaceGuard(app: FastifyInstance, floor: FreeSpaceFloor) {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    if (await floor.isBelow()) {
      request.log.warn('write refused: the data folder is short of free space');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is short of disk space, so changes are paused for now. Please try again later.',
        undefined,
        RETRY_AFTER_SECONDS,
      );
    }
  });
}
