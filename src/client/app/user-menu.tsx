import { Link } from 'react-router';
import { Briefcase, CalendarDays, History, LogOut, MessageSquare, Sailboat, Settings, ShieldCheck, User as UserIcon, Users, Receipt, Inbox } from 'lucide-react';
import type { CurrentUser } from '@common/user';
import { MESSAGES_ANCHOR } from '@common/booking-messages';
import { avatarInitial, displayName } from '@common/user-display';
import { Avatar } from '../components/ui/avatar';
import { CountBadge } from '../components/ui/count-badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { logOut } from '../lib/session';
import { useRefreshUnreadOnNavigation, useUnreadCounts } from '../features/booking-messages';

export function UserMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  const unread = useUnreadCounts().data;
  useRefreshUnreadOnNavigation();
  const unreadTotal = unread?.total ?? 0;
  const unreadLabel = unreadTotal === 1 ? '1 unread message' : `${unreadTotal} unread messages`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-500"
        aria-label={unreadTotal > 0 ? `Account menu, ${unreadLabel}` : 'Account menu'}
      >
        <Avatar src={user.profileImageUrl} initial={avatarInitial(user)} alt={name} />
        {/* Beside the initial's corner, not over it. */}
        <CountBadge count={unreadTotal} className="-right-2.5 -top-2" testId="unread-badge" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {unread && unread.bookings[0] ? (
          <DropdownMenuItem asChild>
            {/* The booking with the most recent unread message. */}
            <Link to={`/bookings/${unread.bookings[0].bookingId}#${MESSAGES_ANCHOR}`} className="font-medium">
              <MessageSquare aria-hidden /> {unreadLabel}
            </Link>
          </DropdownMenuItem>
        ) : null}
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
        <DropdownMenuItem asChild>
          <Link to="/boats">
            <Sailboat aria-hidden /> My Boats
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
            <DropdownMenuItem asChild>
              <Link to="/payment-management">
                <Receipt aria-hidden /> Payment Admin
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/contact-messages">
                <Inbox aria-hidden /> Contact Messages
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

