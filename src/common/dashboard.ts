import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  /** Completed video consultations. */
  consultations: z.number().int(),
  /** Completed onsite services. */
  services: z.number().int(),
  /** Questions asked of the AI assistant. */
  aiQueries: z.number().int(),
  /** Money Saved in dollars (see MONEY_SAVED_EXPLANATION). */
  savings: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.iso.datetime(),
  status: z.string(),
  rating: z.number().optional(),
  /** The screen that shows the item (a booking's page), when there is one. */
  href: z.string().optional(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
