import { Link } from 'react-router';
import { Activity, Bot, Video } from 'lucide-react';
import type { ActivityItem } from '@common/dashboard';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ActivityList } from './activity-list';

/** Recent Activity, or its empty state with the two ways to start. */
export function RecentActivityCard({ items }: { items: ActivityItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length > 0 ? (
          <ActivityList items={items} />
        ) : (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <Activity aria-hidden className="size-10 text-navy-200" />
            <p className="text-lg font-semibold text-slate-900">No recent activity</p>
            <p className="text-slate-600">Start using the product to see your activity here</p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <Link to="/ai-assistant">
                  <Bot aria-hidden /> Ask AI Assistant
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/video-consultation">
                  <Video aria-hidden /> Video Consultation
                </Link>
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
