import { Calendar, Mail, MapPin, Phone } from 'lucide-react';
import type { CurrentUser } from '@common/user';
import { avatarInitial, displayName } from '@common/user-display';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatMonthYear } from '../../lib/format';

const ROLE_TONE = { admin: 'red', expert: 'blue' } as const;
const STATUS_TONE = { active: 'green', inactive: 'red', pending: 'yellow' } as const;

export function ProfileSummaryCard({ user }: { user: CurrentUser }) {
  const role = user.role ?? 'user';
  const status = user.status ?? 'active';
  const place = [user.city, user.state].filter(Boolean).join(', ');
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center">
      <span className="flex size-24 items-center justify-center rounded-full bg-navy-600 text-4xl font-bold text-white">
        {avatarInitial(user)}
      </span>
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{displayName(user)}</h2>
        <div className="mt-2 flex justify-center gap-2">
          <Badge tone={ROLE_TONE[role as keyof typeof ROLE_TONE] ?? 'gray'} className="capitalize">
            {role}
          </Badge>
          <Badge tone={STATUS_TONE[status as keyof typeof STATUS_TONE] ?? 'gray'} className="capitalize">
            {status}
          </Badge>
        </div>
      </div>
      <ul className="flex w-full flex-col gap-2 border-t border-slate-100 pt-4 text-left text-sm text-slate-600">
        <li className="flex items-center gap-2 break-all">
          <Mail aria-hidden className="size-4 shrink-0 text-slate-400" /> {user.email}
        </li>
        {user.phone ? (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="size-4 shrink-0 text-slate-400" /> {user.phone}
          </li>
        ) : null}
        {place ? (
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0 text-slate-400" /> {place}
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <Calendar aria-hidden className="size-4 shrink-0 text-slate-400" /> Member since{' '}
          {formatMonthYear(user.createdAt)}
        </li>
      </ul>
    </Card>
  );
}
