import { createHash } from 'node:crypto';

/**
 * A job id (a UUID) that is always the same for the same key. pg-boss skips a job whose id is already
 * queued, so a handler that enqueues its follow-ups under ids from `jobIdFor` can be retried after doing
 * so without sending anything twice (see docs/ARCHITECTURE.md#jobs).
 */
export function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
