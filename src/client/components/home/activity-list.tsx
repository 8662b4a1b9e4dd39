import { Bot, Video, Wrench } from 'lucide-react';
import type { ActivityItem } from '@common/dashboard';
import { Badge } from '../ui/badge';
import { formatDate } from '../../lib/format';

function ActivityIcon({ type }: { type: string }) {
  const Icon = type === 'consultation' ? Video : type === 'ai_query' ? Bot : Wrench;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
      <Icon aria-hidden className="size-5" />
    </span>
  );
}

function StatusBadge({ status }: { status: string }) {
  if (status === 'completed') return <Badge tone="green">Completed</Badge>;
  if (status === 'pending') return <Badge tone="yellow">Pending</Badge>;
  return <Badge tone="blue">In progress</Badge>;
}

export function ActivityList({ items }: { items: ActivityItem[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 py-4">
          <ActivityIcon type={item.type} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{item.title}</p>
            <p className="truncate text-sm text-slate-600">{item.description}</p>
            <p className="mt-1 text-xs text-slate-500">{formatDate(item.date)}</p>
          </div>
          <StatusBadge status={item.status} />
        </li>
      ))}
    </ul>
  );
}
