import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import { CALENDAR_FEED_MESSAGES, calendarFeedPath, webcalAddress, type CalendarFeedLink, type CalendarFeedStatus } from '../../../common/calendar-feed.js';
import { feedTokenHash, newFeedToken } from './feed-token.js';

export interface FeedLinkDeps {
  db: Database;
  baseUrl: string;
  now(): Date;
}

function linkOf(baseUrl: string, token: string, createdAt: Date): CalendarFeedLink {
  const url = `${baseUrl}${calendarFeedPath(token)}`;
  return { url, webcalUrl: webcalAddress(url), createdAt: createdAt.toISOString() };
}

/** `GET /api/calendar-feed`: whether the account has a feed; its address is not kept, so it is not shown. */
export async function feedStatus(db: Database, user: CurrentUser): Promise<CalendarFeedStatus> {
  const [feed] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { active: !!feed, createdAt: feed?.createdAt.toISOString() ?? null };
}

/** `POST /api/calendar-feed`: the account's first feed address, shown this once; 409 when it has one. */
export async function createFeedLink(deps: FeedLinkDeps, user: CurrentUser): Promise<CalendarFeedLink> {
  const token = newFeedToken();
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(calendarFeeds)
      .values({ userId: user.id, tokenHash: feedTokenHash(token), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: calendarFeeds.userId })
      .returning({ createdAt: calendarFeeds.createdAt });
    if (!created) throw new AppError('CONFLICT', CALENDAR_FEED_MESSAGES.exists);
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'user', action: 'calendar-feed.create', entityType: 'calendar_feed', entityId: user.id });
    return linkOf(deps.baseUrl, token, created.createdAt);
  });
}

/**
 * `POST /api/calendar-feed/reset`: a new address; the old one answers 404 from the moment this commits
 * (only the new token's hash is kept). 404 when the account has no feed yet.
 */
export async function resetFeedLink(deps: FeedLinkDeps, user: CurrentUser): Promise<CalendarFeedLink> {
  const token = newFeedToken();
  const now = deps.now();
  return inTransaction(deps.db, async (tx) => {
    const [reset] = await tx
      .update(calendarFeeds)
      .set({ tokenHash: feedTokenHash(token), createdAt: now, contentHash: null, contentChangedAt: null })
      .where(eq(calendarFeeds.userId, user.id))
      .returning({ createdAt: calendarFeeds.createdAt });
    if (!reset) throw new AppError('NOT_FOUND', CALENDAR_FEED_MESSAGES.none);
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'user', action: 'calendar-feed.reset', entityType: 'calendar_feed', entityId: user.id });
    return linkOf(deps.baseUrl, token, reset.createdAt);
  });
}
