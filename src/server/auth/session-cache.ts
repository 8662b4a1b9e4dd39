import { createHash } from 'node:crypto';
import type { CurrentUser } from '../../common/user.js';

interface Entry {
  user: CurrentUser;
  /** When this answer stops being used: its lookup's start plus the time to live, or the session's end if sooner. */
  usableUntil: number;
}

export interface Lookup {
  user: CurrentUser;
  sessionExpiresAt: Date;
}

export interface SessionCache {
  /**
   * The user of a signed session cookie: from memory when it was looked up less than the time to live
   * ago, shared with a lookup of the same cookie under way, else from `lookUp` (null: signed out, which is
   * not remembered).
   */
  currentUser(signedToken: string, lookUp: () => Promise<Lookup | null>): Promise<CurrentUser | null>;
  /** Forgets every answer: called after anything on this server may have changed a user or a session. */
  clear(): void;
  /** How many answers it holds. */
  size(): number;
}

/** The cookie value is a bearer credential: kept in memory only as its hash. */
const keyOf = (signedToken: string) => createHash('sha256').update(signedToken).digest('base64url');

/**
 * Signed-in users by session cookie, each for at most `ttlMs` from the start of its lookup. Without it
 * every signed-in request costs Better Auth's session lookup (cookie signature, two queries); with it a
 * burst of requests from one person costs one. A change made by another server (or by a script writing the
 * database) shows within `ttlMs`; this server calls `clear()` after its own changes, so they show at once.
 */
export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  // Insertion order is nearly expiry order (one time to live, and a new answer is re-inserted; only a session
  // ending sooner breaks it), so expired entries are at the front: sweeping them costs next to nothing.
  const entries = new Map<string, Entry>();

  function sweep(at: number) {
    for (const [key, entry] of entries) {
      if (entry.usableUntil > at) break;
      entries.delete(key);
    }
  }

  /** Lookups under way by key, so a burst of requests with one cookie costs one lookup. */
  const inFlight = new Map<string, Promise<CurrentUser | null>>();
  let generation = 0;

  /** A lookup that began before a `clear()` is answered but not remembered: it may have read what that clear was about. */
  async function lookUpAndRemember(key: string, lookUp: () => Promise<Lookup | null>): Promise<CurrentUser | null> {
    const startedAt = now();
    const startedGeneration = generation;
    const found = await lookUp();
    if (found && generation === startedGeneration) {
      sweep(now());
      entries.delete(key);
      // Never past the session's own end, which Better Auth would refuse.
      entries.set(key, { user: found.user, usableUntil: Math.min(startedAt + ttlMs, found.sessionExpiresAt.getTime()) });
    }
    return found?.user ?? null;
  }

  return {
    async currentUser(signedToken, lookUp) {
      if (ttlMs <= 0) return (await lookUp())?.user ?? null;
      const key = keyOf(signedToken);
      const at = now();
      sweep(at);
      const entry = entries.get(key);
      if (entry && entry.usableUntil > at) return entry.user;
      let pending = inFlight.get(key);
      if (!pending) {
        const started = lookUpAndRemember(key, lookUp).finally(() => {
          if (inFlight.get(key) === started) inFlight.delete(key);
        });
        inFlight.set(key, started);
        pending = started;
      }
      return pending;
    },
    clear() {
      generation++;
      entries.clear();
      inFlight.clear();
    },
    size: () => entries.size,
  };
}
