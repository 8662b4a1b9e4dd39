import { Link } from 'react-router';
import { Bot } from 'lucide-react';
import type { AiSession } from '@common/ai';
import { AI_CATEGORY_LABELS } from '@common/ai-rules';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/format';

const AI_QUERIES_LIMIT = 3;

/** Recent AI Queries: the first three conversations with the assistant. */
export function RecentAiQueries({ sessions }: { sessions: AiSession[] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Recent AI Queries</CardTitle>
        <Link to="/ai-assistant" className="text-sm font-semibold text-navy-600 hover:underline">
          Open assistant
        </Link>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {sessions.slice(0, AI_QUERIES_LIMIT).map((session) => (
            <li key={session.id} className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
                <Bot aria-hidden className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{session.question}</p>
                <p className="text-xs text-slate-600">
                  {AI_CATEGORY_LABELS[session.category]} · <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
