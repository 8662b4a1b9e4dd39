/**
 * The live topic of one person's notifications. The database announces it itself, after each commit that
 * writes or reads some (migration 0025_notifications), so the name must match the trigger's.
 */
export function notificationsTopic(userId: string): string {
  return `notifications:${userId}`;
}
