import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiMessages, aiSessions, bookingAiConversations } from '../../db/schema.js';
import { AI_CATEGORIES, type AiCategory } from '../../../common/ai-rules.js';
import type { AttachedConversation } from '../../../common/ai-handoff.js';
import { CONVERSATION_NOT_YOURS } from '../../../common/ai-handoff-rules.js';
import type { CurrentUser } from '../../../common/user.js';
import { AppError } from '../../core/app-error.js';
import { bookingAccess, type ConversationHandoff } from '../bookings/index.js';

/** A long conversation keeps its latest messages: what led to the booking, at a bounded size. */
const MAX_ATTACHED_MESSAGES = 100;

type ConversationCopy = Omit<AttachedConversation, 'attachedAt'>;

/**
 * A copy of one of the owner's own conversations, as it is now; anyone else's (or an unknown one) is
 * refused with the same 400, so an owner cannot learn whether another person's conversation exists.
 */
export async function copyOwnConversation(db: Database, userId: string, sessionId: string): Promise<ConversationCopy> {
  const [session] = await db
    .select({ question: aiSessions.question, category: aiSessions.category })
    .from(aiSessions)
    .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId)));
  if (!session) throw AppError.onField('aiSessionId', CONVERSATION_NOT_YOURS);
  const rows = await db
    .select({ type: aiMessages.role, content: aiMessages.content, createdAt: aiMessages.createdAt })
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.id));
  const kept = rows.slice(-MAX_ATTACHED_MESSAGES);
  return {
    title: session.question,
    category: categoryOf(session.category),
    messages: kept.map((m) => ({ type: m.type, content: m.content, at: m.createdAt.toISOString() })),
    earlierOmitted: rows.length - kept.length,
  };
}

function categoryOf(value: string): AiCategory {
  return (AI_CATEGORIES as readonly string[]).includes(value) ? (value as AiCategory) : 'general';
}

/** Keeps the copy with the booking, inside the booking's transaction. */
export async function attachConversation(db: Database, bookingId: string, copy: ConversationCopy): Promise<void> {
  await db.insert(bookingAiConversations).values({ bookingId, ...copy });
}

/** What booking creation is given (through app.ts) to copy and keep the owner's conversation. */
export const bookingConversations: ConversationHandoff = { copyOwn: copyOwnConversation, attach: attachConversation };

/** The conversation attached to a booking, for its owner, its expert and administrators; 404 for anyone else. */
export async function readAttachedConversation(db: Database, user: CurrentUser, bookingId: string): Promise<AttachedConversation | null> {
  await bookingAccess(db, user, bookingId);
  const [row] = await db.select().from(bookingAiConversations).where(eq(bookingAiConversations.bookingId, bookingId));
  if (!row) return null;
  return {
    title: row.title,
    category: categoryOf(row.category),
    attachedAt: row.attachedAt.toISOString(),
    messages: row.messages as AttachedConversation['messages'],
    earlierOmitted: row.earlierOmitted,
  };
}
