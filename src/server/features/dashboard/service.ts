import type { Database } from '../../db/client.js';
import type { ActivityItem, DashboardStats } from '../../../common/dashboard.js';
import { AI_CATEGORY_LABELS } from '../../../common/ai.js';
import { countAiSessions, listAiSessions } from '../ai/service.js';

/**
 * The signed-in user's figures, counted from the tables that record activity. Bookings add the
 * consultation, service and savings figures when they exist; until then those are truly zero.
 */
export async function getDashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  return { consultations: 0, services: 0, aiQueries: await countAiSessions(db, userId), savings: 0 };
}

/** The user's activity across features, newest first. */
export async function getRecentActivity(db: Database, userId: string, limit: number): Promise<ActivityItem[]> {
  const sessions = await listAiSessions(db, userId, limit);
  return sessions.map((session) => ({
    id: `ai_query:${session.id}`,
    type: 'ai_query',
    title: session.question.length > 80 ? `${session.question.slice(0, 77)}...` : session.question,
    description: `AI Assistant · ${AI_CATEGORY_LABELS[session.category]}`,
    date: session.createdAt,
    status: 'completed',
  }));
}
