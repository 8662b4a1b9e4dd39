import type { Database } from '../../db/client.js';
import type { ActivityItem, DashboardStats } from '../../../common/dashboard.js';

/**
 * The signed-in user's figures. Each feature that records activity (bookings, AI sessions) contributes
 * its counts and items here; until one exists there is nothing to count.
 */
export async function getDashboardStats(_db: Database, _userId: string): Promise<DashboardStats> {
  return { consultations: 0, services: 0, aiQueries: 0, savings: 0 };
}

/** The user's activity across features, newest first. */
export async function getRecentActivity(_db: Database, _userId: string, _limit: number): Promise<ActivityItem[]> {
  return [];
}
