import { Link } from 'react-router';
import { Bot, Star, Video, Wrench } from 'lucide-react';
import type { ActivityItem } from '@common/dashboard';
import { Badge } from '../../components/ui/badge';
import { activityBadge } from './activity-status';
import { formatDate } from '../../lib/format';

/** 'consultation' is a video call, 'ai_query' a question to the assistant, anything else onsite service. */
function ActivityIcon({ type }: { type: string }) {
  const Icon = type === 'consultation' ? Video : type === 'ai_query' ? Bot : Wrench;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
      <Icon aria-hidden className="size-5" />
    </span>
  );
}

/** The user's recent activity, the same list on home and on the dashboard; an item with a page links to it. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => {
        const badge = activityBadge(item.status);
        return (
          <li key={item.id} className="flex items-start gap-3 py-4 first:pt-0 last:pb-0">
            <ActivityIcon type={item.type} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                {item.href ? (
                  <Link to={item.href} className="text-navy-700 underline-offset-2 hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
              <p className="truncate text-sm text-slate-600">{item.description}</p>
              <p className="mt-1 flex items-center gap-2 text-xs text-slate-500">
                <time dateTime={item.date}>{formatDate(item.date)}</time>
                {item.rating ? (
                  <span className="inline-flex items-center gap-0.5">
                    <Star aria-hidden className="size-3 fill-amber-400 text-amber-400" /> Rated {item.rating} of 5
                  </span>
                ) : null}
              </p>
            </div>
            <Badge tone={badge.tone} className="shrink-0">
              {badge.label}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
