import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  consultations: z.number().int(),
  services: z.number().int(),
  aiQueries: z.number().int(),
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
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
