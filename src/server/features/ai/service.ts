import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiMessages, aiSessions, aiSettings } from '../../db/schema.js';
import {
  DEFAULT_AI_SETTINGS,
  type AiConversation,
  type AiSession,
  type AiSettings,
  type AnalyzeImageResponse,
  type AskResponse,
} from '../../../common/ai.js';
import type { AiCategory } from '../../../common/ai-rules.js';
import { formatImageAnalysis } from '../../../common/ai-image-analysis.js';
import type { AiProvider, ConversationTurn } from '../../ai/provider.js';
import type { PhotoCheck } from '../../../common/ai.js';
import { AppError } from '../../core/app-error.js';
import { inTransaction } from '../../db/transaction.js';
import { expertAdvised } from '../../ai/expert-advice.js';
import { boatForAssistant } from '../boats/index.js';

export async function getAiSettings(db: Database): Promise<AiSettings> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.id, 1));
  return row ? { systemPrompt: row.systemPrompt, userPromptTemplate: row.userPromptTemplate } : DEFAULT_AI_SETTINGS;
}

export async function saveAiSettings(db: Database, userId: string, settings: AiSettings): Promise<AiSettings> {
  const values = { id: 1, ...settings, updatedBy: userId, updatedAt: new Date() };
  await db.insert(aiSettings).values(values).onConflictDoUpdate({ target: aiSettings.id, set: values });
  return settings;
}

const CONVERSATION_NOT_FOUND = 'This conversation does not exist.';
/** The severity line of a photo analysis as `formatImageAnalysis` writes it. */
const PHOTO_SEVERITY = /^\*\*Severity:\*\* (\w+)/m;

type AssistantBoat = Awaited<ReturnType<typeof boatForAssistant>>;

/**
 * The turns of one of the user's conversations, oldest first, and the boat it is about; 404 for anyone
 * else's. A new conversation takes the boat asked for (or the owner's only one); a continued one keeps its own.
 */
async function loadConversation(
  db: Database,
  userId: string,
  sessionId: string | undefined,
  boatId: string | null | undefined,
): Promise<{ history: ConversationTurn[]; boat: AssistantBoat }> {
  if (!sessionId) return { history: [], boat: await boatForAssistant(db, userId, boatId) };
  const [session] = await db
    .select({ id: aiSessions.id, boatId: aiSessions.boatId })
    .from(aiSessions)
    .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId)));
  if (!session) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  const [history, boat] = await Promise.all([
    db
      .select({ role: aiMessages.role, content: aiMessages.content })
      .from(aiMessages)
      .where(eq(aiMessages.sessionId, sessionId))
      .orderBy(asc(aiMessages.createdAt)),
    session.boatId ? boatForAssistant(db, userId, session.boatId) : null,
  ]);
  return { history, boat };
}

/** Stores a question and its answer in one transaction, starting the conversation when it is new. */
async function recordExchange(
  db: Database,
  input: { userId: string; sessionId?: string; boatId: string | null; question: string; answer: string; category: AiCategory },
): Promise<string> {
  return inTransaction(db, async (tx) => {
    let sessionId = input.sessionId;
    if (!sessionId) {
      const [created] = await tx
        .insert(aiSessions)
        .values({ userId: input.userId, question: input.question.slice(0, 500), category: input.category, boatId: input.boatId })
        .returning({ id: aiSessions.id });
      sessionId = created!.id;
    } else if (input.category !== 'general') {
      // A conversation that started vague takes the category of the first real evidence.
      await tx
        .update(aiSessions)
        .set({ category: input.category })
        .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.category, 'general')));
    }
    const now = Date.now();
    await tx.insert(aiMessages).values([
      { sessionId, role: 'user', content: input.question, createdAt: new Date(now) },
      { sessionId, role: 'ai', content: input.answer, createdAt: new Date(now + 1) },
    ]);
    return sessionId;
  });
}

export async function askAssistant(
  db: Database,
  provider: AiProvider,
  input: { userId: string; question: string; sessionId?: string; boatId?: string | null },
): Promise<AskResponse> {
  const { history, boat } = await loadConversation(db, input.userId, input.sessionId, input.boatId);
  const settings = await getAiSettings(db);
  const result = await provider.answer({ question: input.question, history, settings, boat: boat?.context });
  const sessionId = await recordExchange(db, { ...input, boatId: boat?.id ?? null, answer: result.text, category: result.category });
  return {
    response: result.text,
    sessionId,
    category: result.category,
    expertAdvised: expertAdvised(input.question, result.category),
    boat: boat && { id: boat.id, name: boat.name },
  };
}

export async function analyzePhoto(
  db: Database,
  provider: AiProvider,
  input: { userId: string; image?: Buffer; description: string; sessionId?: string; boatId?: string | null; photoChecks: PhotoCheck[] },
): Promise<AnalyzeImageResponse> {
  const { history, boat } = await loadConversation(db, input.userId, input.sessionId, input.boatId);
  const settings = await getAiSettings(db);
  const { analysis, category } = await provider.analyzeImage({ ...input, history, settings, boat: boat?.context });
  const question = `[Image uploaded] ${input.description || 'Please analyze this image'}`;
  const sessionId = await recordExchange(db, {
    userId: input.userId,
    sessionId: input.sessionId,
    boatId: boat?.id ?? null,
    question,
    answer: formatImageAnalysis(analysis),
    category,
  });
  return {
    ...analysis,
    sessionId,
    photoChecks: input.photoChecks,
    sessionCategory: category,
    expertAdvised: expertAdvised(input.description, category, analysis.severity),
    boat: boat && { id: boat.id, name: boat.name },
  };
}

function toSession(row: typeof aiSessions.$inferSelect): AiSession {
  return { id: row.id, question: row.question, category: row.category as AiCategory, createdAt: row.createdAt.toISOString(), boatId: row.boatId };
}

export async function listAiSessions(db: Database, userId: string, limit = 50): Promise<AiSession[]> {
  const rows = await db
    .select()
    .from(aiSessions)
    .where(eq(aiSessions.userId, userId))
    .orderBy(desc(aiSessions.createdAt))
    .limit(limit);
  return rows.map(toSession);
}

/** Every question the user asked the assistant, follow-ups and photos included. */
export async function countAiQuestions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(aiMessages)
    .innerJoin(aiSessions, eq(aiSessions.id, aiMessages.sessionId))
    .where(and(eq(aiSessions.userId, userId), eq(aiMessages.role, 'user')));
  return row?.n ?? 0;
}

export async function getAiConversation(db: Database, userId: string, sessionId: string): Promise<AiConversation> {
  const [session] = await db
    .select()
    .from(aiSessions)
    .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId)));
  if (!session) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  const messages = await db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .orderBy(asc(aiMessages.createdAt));
  const category = session.category as AiCategory;
  // Each answer is judged again from the question before it, as when it was given (a photo's severity is in its text).
  let question = '';
  return {
    ...toSession(session),
    messages: messages.map((m) => {
      const message = { id: m.id, type: m.role, content: m.content, timestamp: m.createdAt.toISOString() };
      if (m.role === 'user') {
        question = m.content;
        return message;
      }
      return { ...message, expertAdvised: expertAdvised(question, category, PHOTO_SEVERITY.exec(m.content)?.[1]) };
    }),
  };
}
