import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from '../core/app-error.js';

const KEY_REUSED = 'This request key was already used for a different request. Please send it again.';

/** A create request as the client sent it, under the key it chose for it. */
export interface IdempotentRequest {
  userId: string;
  /** The client's Idempotency-Key; without one the write is simply done. */
  key: string | undefined;
  /**
   * What the key was sent for: the operation and everything its answer depends on (the target and the
   * body). The same key with another request is refused.
   */
  request: unknown;
}

/** What a write made: its answer, and the id its answer is read back by on a retry. */
export interface WriteResult<T> {
  id: string;
  answer: T;
}

/** What a key was claimed for, as stored: the hash of the request. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** A key claimed before: the hash of its request and what that request made (null until it commits). */
export interface EarlierClaim {
  requestHash: string;
  resourceId: string | null;
}

/**
 * The answer to a request whose key was claimed before: what the first request made, read back by
 * `replay`, when it is the same request; the same key with another request, or with what the first one
 * made since deleted, is a 409 (the key stays spent).
 */
export async function answerEarlier<T>(earlier: EarlierClaim | undefined, hash: string, replay: (id: string) => Promise<T | null>): Promise<T> {
  if (!earlier || earlier.requestHash !== hash) throw new AppError('CONFLICT', KEY_REUSED);
  const answer = earlier.resourceId === null ? null : await replay(earlier.resourceId);
  if (answer === null) throw new AppError('CONFLICT', KEY_REUSED);
  return answer;
}

/** The claim of a user's key, if any (committed ones: a claim in flight waits in the claiming insert). */
export async function earlierClaim(db: Database, userId: string, key: string): Promise<EarlierClaim | undefined> {
  const [earlier] = await db
    .select({ requestHash: idempotencyKeys.requestHash, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return earlier;
}

/**
 * Runs a create inside the caller's transaction (`tx`) at most once per user and key. The key is claimed
 * first: a concurrent request with the same key waits on that row until the first one commits (then it
 * answers the first one's result) or rolls back (then it writes). A retry with the same request answers
 * `replay(id)` of what the first one made; the same key with another request is a 409.
 */
export async function idempotentWrite<T>(
  tx: Database,
  { userId, key, request }: IdempotentRequest,
  write: () => Promise<WriteResult<T>>,
  replay: (id: string) => Promise<T | null>,
): Promise<{ answer: T; replayed: boolean }> {
  if (key === undefined) return { answer: (await write()).answer, replayed: false };
  const hash = requestHash(request);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (claimed.length > 0) {
    const { id, answer } = await write();
    await tx.update(idempotencyKeys).set({ resourceId: id }).where(mine);
    return { answer, replayed: false };
  }
  return { answer: await answerEarlier(await earlierClaim(tx, userId, key), hash, replay), replayed: true };
}
