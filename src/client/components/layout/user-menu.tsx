import { Link } from 'react-router';
import { Briefcase, CalendarDays, History, LogOut, Settings, ShieldCheck, User as UserIcon, Users } from 'lucide-react';
import type { CurrentUser } from '@common/user';
import { avatarInitial, displayName } from '@common/user-display';
import { Avatar } from '../ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { logOut } from '../../lib/api/auth';

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-500"
        aria-label="Account menu"
      >
        <Avatar src={user.profileImageUrl} initial={avatarInitial(user)} alt={name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden /> My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <History aria-hidden /> View History
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/bookings">
            <CalendarDays aria-hidden /> My Bookings
          </Link>
        </DropdownMenuItem>
        {user.role === 'expert' ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/workspace">
                <Briefcase aria-hidden /> Workspace
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        {user.role === 'admin' ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/user-management">
                <Users aria-hidden /> User Admin
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/expert-management">
                <ShieldCheck aria-hidden /> Expert Admin
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logOut}>
          <LogOut aria-hidden /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

