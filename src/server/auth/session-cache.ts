import { createHash } from 'node:crypto';
import type { CurrentUser } from '../../common/user.js';

interface Entry {
  user: CurrentUser;
  /** When this answer stops being used: its lookup's start plus the time to live, or the session's end if sooner. */
  usableUntil: number;
}

export interface SessionCache {
  /** The user a signed session cookie belonged to a moment ago, or undefined. */
  get(signedToken: string): CurrentUser | undefined;
  /**
   * Looks the session up and remembers a signed-in answer. A lookup that began before the last `clear()`
   * is answered but not remembered: it may have read what that clear was about.
   */
  remember(signedToken: string, lookUp: () => Promise<{ user: CurrentUser; sessionExpiresAt: Date } | null>): Promise<CurrentUser | null>;
  /** Forgets every answer: called after anything on this server may have changed a user or a session. */
  clear(): void;
  /** How many answers it holds. */
  size(): number;
}

/** The cookie value is a bearer credential: kept in memory only as its hash. */
const keyOf = (signedToken: string) => createHash('sha256').update(signedToken).digest('base64url');

/**
 * Signed-in users by session cookie, each for at most `ttlMs` from the start of its lookup. Every
 * signed-in request used to cost Better Auth's session lookup (cookie signature, two queries); a burst of
 * requests from one person now costs one. A change made by another server (or by a script writing the
 * database) shows within `ttlMs`; this server calls `clear()` after its own changes, so they show at once.
 */
export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  // Insertion order is nearly expiry order (one time to live, and `remember` re-inserts; only a session
  // ending sooner breaks it), so expired entries are at the front: sweeping them costs next to nothing.
  const entries = new Map<string, Entry>();
  let generation = 0;

  function sweep(at: number) {
    for (const [key, entry] of entries) {
      if (entry.usableUntil > at) break;
      entries.delete(key);
    }
  }

  return {
    get(signedToken) {
      if (ttlMs <= 0) return undefined;
      const at = now();
      sweep(at);
      const entry = entries.get(keyOf(signedToken));
      return entry && entry.usableUntil > at ? entry.user : undefined;
    },
    async remember(signedToken, lookUp) {
      const startedAt = now();
      const startedGeneration = generation;
      const found = await lookUp();
      if (!found || ttlMs <= 0 || generation !== startedGeneration) return found?.user ?? null;
      sweep(now());
      const key = keyOf(signedToken);
      entries.delete(key);
      // Never past the session's own end, which Better Auth would refuse.
      entries.set(key, { user: found.user, usableUntil: Math.min(startedAt + ttlMs, found.sessionExpiresAt.getTime()) });
      return found.user;
    },
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
