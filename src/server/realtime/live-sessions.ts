import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../common/user.js';
import type { Auth } from '../auth/auth.js';
import { lookUpSession, signedInUser } from '../auth/current-user.js';
import type { Database } from '../db/client.js';
import { toAppError } from '../core/database-error.js';
import { sessions, users } from '../db/schema.js';
import type { Fanout } from './fanout.js';

/** Who a live socket belongs to, read from the database each time, never from the session cache. */
export interface LiveSessionSource {
  /** At the upgrade: the caller's user and session, or null when signed out. */
  signedIn(request: FastifyRequest): Promise<{ user: CurrentUser; sessionId: string } | null>;
  /** The session's user as they are now, or null once the session has ended (deleted, expired, account inactive). */
  userOf(sessionId: string): Promise<CurrentUser | null>;
  /** Calls `changed` whenever the person's sessions or account may have changed, on any server, until the returned function is called. */
  watch(userId: string, changed: () => void): () => void;
}

/** The topic the database announces a person's ended sessions and account changes on (migration 0014_live_account_notify). */
export function accountTopic(userId: string): string {
  return `account:${userId}`;
}

export function createLiveSessionSource({ auth, db, fanout }: { auth: Auth; db: Database; fanout: Fanout }): LiveSessionSource {
  return {
    async signedIn(request) {
      try {
        const found = await lookUpSession(auth, request);
        return found && { user: found.user, sessionId: found.sessionId };
      } catch (error) {
        // Better Auth wraps a failed lookup in its own 500: an unreachable database is a 503 here too.
        throw toAppError(error);
      }
    },

    async userOf(sessionId) {
      const [row] = await db
        .select(getTableColumns(users))
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
      return row ? signedInUser(row) : null;
    },

    watch(userId, changed) {
      const unsubscribe = fanout.subscribe(accountTopic(userId), changed);
      // Announcements made while this server's listener was reconnecting are lost: check again.
      const stopResync = fanout.onResync(changed);
      return () => {
        unsubscribe();
        stopResync();
      };
    },
  };
}
