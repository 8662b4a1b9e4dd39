import type { CurrentUser } from '@common/user';
import { avatarInitial } from '@common/user-display';
import { dashboardTitle } from './dashboard-title';

/** The owner's initial and full name; 'Your Dashboard' for an account without a first name. */
export function DashboardHeader({ user }: { user: CurrentUser }) {
  const title = dashboardTitle(user);
  return (
    <div className="flex items-center gap-4">
      <span
        aria-hidden
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-navy-600 text-2xl font-bold text-white sm:size-16"
      >
        {avatarInitial(user)}
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-navy-800 [overflow-wrap:anywhere] sm:text-3xl">{title}</h1>
        <p className="text-slate-600">Marine repair activity and services</p>
      </div>
    </div>
  );
}
