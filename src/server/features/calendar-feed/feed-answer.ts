import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { CALENDAR_FEED_MESSAGES } from '../../../common/calendar-feed.js';
import { FEED_FILE, feedTokenHash, hashMatches } from './feed-token.js';
import { feedEntries } from './feed-entries.js';
import { feedText } from './feed-text.js';

export interface FeedAnswerDeps {
  db: Database;
  baseUrl: string;
  now(): Date;
}

/** What a calendar app's request says it already holds. */
export interface Conditions {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export type FeedAnswer = { status: 200; text: string; etag: string; lastModified: Date } | { status: 304; etag: string; lastModified: Date };

/** A feed may be read this often by one account's calendar apps together; they refresh every few minutes at most. */
const READS_PER_MINUTE = 30;

/** Whether an If-None-Match list holds the ETag (weak comparison, RFC 9110 13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the content last changed no later than If-Modified-Since (which has whole seconds). */
function notModifiedSince(header: string, changedAt: Date): boolean {
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(changedAt.getTime() / 1000) * 1000 <= since;
}

/**
 * `GET /calendar/{token}.ics` (docs/PRODUCT.md#calendars): the account's feed, or 304 when the app holds
 * this very text. An address that is not a feed, however it is spelled, is the same 404. The ETag is the
 * text's hash; Last-Modified is when that hash last changed, kept with the feed, so a booking cancelled
 * (gone from the text) moves it too.
 */
export async function feedAnswer(deps: FeedAnswerDeps, file: string, conditions: Conditions): Promise<FeedAnswer> {
  const token = FEED_FILE.exec(file)?.[1];
  const [feed] = token ? await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, feedTokenHash(token))) : [];
  if (!token || !feed || !hashMatches(feed.tokenHash, token)) throw new AppError('NOT_FOUND', CALENDAR_FEED_MESSAGES.notFound);
  await consumeRequestLimit(deps.db, { key: `calendar-feed:${feed.userId}`, max: READS_PER_MINUTE, windowMs: 60_000, message: CALENDAR_FEED_MESSAGES.tooMany });

  const now = deps.now();
  const text = feedText(deps.baseUrl, await feedEntries(deps.db, feed.userId, now));
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 32);
  let lastModified = feed.contentChangedAt ?? now;
  if (feed.contentHash !== hash) {
    lastModified = new Date(Math.floor(now.getTime() / 1000) * 1000);
    await deps.db.update(calendarFeeds).set({ contentHash: hash, contentChangedAt: lastModified }).where(eq(calendarFeeds.userId, feed.userId));
  }
  const etag = `"${hash}"`;
  // If-None-Match, when sent, decides alone (RFC 9110 13.2.2).
  const fresh = conditions.ifNoneMatch !== undefined ? matchesEtag(conditions.ifNoneMatch, etag) : conditions.ifModifiedSince !== undefined && notModifiedSince(conditions.ifModifiedSince, lastModified);
  return fresh ? { status: 304, etag, lastModified } : { status: 200, text, etag, lastModified };
}
