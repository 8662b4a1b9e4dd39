import { Mail, Phone } from 'lucide-react';
import type { AdminUser } from '@common/admin-users';
import { displayName } from '@common/user-display';
import { Badge } from '../../components/ui/badge';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { RoleBadge, StatusBadge } from './user-badges';
import { EXPERT_STATUS_LABELS } from './user-labels';

const joined = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Name({ user, isYou }: { user: AdminUser; isYou: boolean }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="flex items-center gap-2 font-semibold text-slate-900">
        <span className="truncate">{displayName(user)}</span>
        {isYou ? <Badge tone="gray">You</Badge> : null}
      </span>
      <span className="text-xs text-slate-500">
        Joined {joined.format(new Date(user.createdAt))}
        {user.expertStatus ? ` · ${EXPERT_STATUS_LABELS[user.expertStatus]}` : ''}
      </span>
    </div>
  );
}

function Actions({ user }: { user: AdminUser }) {
  return (
    <div className="flex gap-2">
      <EditUserDialog user={user} />
      <DeleteUserDialog user={user} />
    </div>
  );
}

/** The users as a table on wide screens and as cards on a phone. */
export function UserList({ users, currentUserId }: { users: AdminUser[]; currentUserId: string | undefined }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-3 pr-4 font-semibold">Name</th>
            <th scope="col" className="py-3 pr-4 font-semibold">Contact</th>
            <th scope="col" className="py-3 pr-4 font-semibold">Role</th>
            <th scope="col" className="py-3 pr-4 font-semibold">Status</th>
            <th scope="col" className="py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row">
              <td className="py-3 pr-4 align-top">
                <Name user={user} isYou={user.id === currentUserId} />
              </td>
              <td className="py-3 pr-4 align-top text-slate-700">
                <div className="break-all">{user.email}</div>
                <div className="text-slate-500">{user.phone ?? 'No phone'}</div>
              </td>
              <td className="py-3 pr-4 align-top">
                <RoleBadge user={user} />
              </td>
              <td className="py-3 pr-4 align-top">
                <StatusBadge user={user} />
              </td>
              <td className="py-3 align-top">
                <div className="flex justify-end">
                  <Actions user={user} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 md:hidden">
        {users.map((user) => (
          <li key={user.id} data-testid="user-card" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <Name user={user} isYou={user.id === currentUserId} />
            <div className="flex flex-wrap gap-2">
              <RoleBadge user={user} />
              <StatusBadge user={user} />
            </div>
            <div className="flex flex-col gap-1 text-sm text-slate-700">
              <span className="flex items-center gap-2 break-all">
                <Mail aria-hidden className="size-4 shrink-0 text-slate-400" />
                {user.email}
              </span>
              <span className="flex items-center gap-2">
                <Phone aria-hidden className="size-4 shrink-0 text-slate-400" />
                {user.phone ?? 'No phone'}
              </span>
            </div>
            <Actions user={user} />
          </li>
        ))}
      </ul>
    </>
  );
}
