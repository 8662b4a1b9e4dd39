import { displayName } from '@common/user-display';

/** The dashboard's heading: the owner's full name, or 'Your Dashboard' without a first name. */
export function dashboardTitle(user: { firstName?: string | null; lastName?: string | null }): string {
  return user.firstName ? displayName(user) : 'Your Dashboard';
}
