import { Link } from 'react-router';
import { Wrench } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useUpcomingMaintenance } from './api';
import { describeDue, TASK_STATE_TONES } from './task-due';
import { TaskBookingAction } from './task-booking-link';
import { TASK_STATE_LABELS } from '@common/maintenance-rules';

/**
 * The dashboard's 'Maintenance due': the caller's next tasks across their boats, each with its boat and
 * 'Book an expert'. Nothing at all while there are none (or they could not be read: the dashboard has
 * more to show than this). Free of zod, as the dashboard's first paint is.
 */
export function UpcomingMaintenanceCard({ enabled = true }: { enabled?: boolean }) {
  const upcoming = useUpcomingMaintenance(enabled);
  const tasks = upcoming.data ?? [];
  if (tasks.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Maintenance due</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-col gap-2">
              <div className="flex items-start gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
                  <Wrench aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{task.title}</p>
                  <p className="text-sm text-slate-600">
                    <Link to={`/boats/${task.boatId}?tab=schedule`} className="font-medium text-navy-600 underline-offset-4 hover:underline">
                      {task.boatName}
                    </Link>{' '}
                    · {describeDue(task)}
                  </p>
                </div>
                <Badge tone={TASK_STATE_TONES[task.state]} className="shrink-0">
                  {TASK_STATE_LABELS[task.state]}
                </Badge>
              </div>
              <TaskBookingAction task={task} variant="outline" className="self-start sm:ml-12" />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
