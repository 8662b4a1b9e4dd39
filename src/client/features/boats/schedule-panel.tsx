import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import type { MaintenanceTask } from '@common/maintenance';
import { REMINDER_DAYS } from '@common/maintenance-rules';
import { specialtyLabel } from '@common/specialties';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useBoatTasks, useDeleteTask } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { CompleteTaskDialog, SnoozeTaskDialog } from './task-done-dialogs';
import { describeDue, describeLastDone, describeRepeat, TASK_STATE_TONES } from './task-due';
import { TaskBookingAction } from './task-booking-link';
import { TASK_STATE_LABELS } from '@common/maintenance-rules';
import { TaskFormDialog } from './task-form-dialog';

function RemoveTaskButton({ task }: { task: MaintenanceTask }) {
  const remove = useDeleteTask();
  const confirm = () =>
    remove.mutateAsync({ boatId: task.boatId, taskId: task.id }).then(
      () => showToast({ title: 'Task removed', description: `${task.title} is off the schedule.` }),
      (failure: unknown) => {
        showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the task'), variant: 'destructive' });
        throw failure;
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Remove: ${task.title}`}>
          <Trash2 aria-hidden /> Remove
        </Button>
      }
      title="Remove this task?"
      description={`${task.title} leaves the schedule and sends no more reminders. What was done stays in the history.`}
      confirmLabel="Remove task"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

function TaskItem({ task }: { task: MaintenanceTask }) {
  const open = task.state !== 'done';
  const repeats = describeRepeat(task);
  const lastDone = open ? describeLastDone(task) : null;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 break-words font-semibold text-slate-900">{task.title}</h3>
          <Badge tone={TASK_STATE_TONES[task.state]}>{TASK_STATE_LABELS[task.state]}</Badge>
        </div>
        <p className="text-sm font-medium text-slate-800">{describeDue(task)}</p>
        {open && task.dueReason ? <p className="text-xs text-slate-500">{task.dueReason}</p> : null}
        <p className="text-xs text-slate-500">{[specialtyLabel(task.specialty), repeats, lastDone].filter(Boolean).join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {open ? (
          <>
            <CompleteTaskDialog task={task} />
            <TaskBookingAction task={task} variant="secondary" />
            {task.dueDate ? <SnoozeTaskDialog task={task} dueDate={task.dueDate} /> : null}
            <TaskFormDialog
              boatId={task.boatId}
              task={task}
              trigger={
                <Button type="button" variant="ghost" size="sm" aria-label={`Edit: ${task.title}`}>
                  <Pencil aria-hidden /> Edit
                </Button>
              }
            />
          </>
        ) : null}
        <RemoveTaskButton task={task} />
      </div>
    </li>
  );
}

/** The Schedule tab: the boat's tasks, open ones by due date then the one-off tasks done, and 'Add a task'. */
export function SchedulePanel({ boatId }: { boatId: string }) {
  const tasks = useBoatTasks(boatId);
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <CalendarClock aria-hidden className="size-5 text-navy-600" /> Maintenance schedule
          </CardTitle>
          <CardDescription>Reminders go out {REMINDER_DAYS.join(' and ')} days before a task&apos;s due date.</CardDescription>
        </div>
        <TaskFormDialog
          boatId={boatId}
          trigger={
            <Button type="button" size="sm" className="self-start">
              <Plus aria-hidden /> Add a task
            </Button>
          }
        />
      </CardHeader>
      <CardContent>
        {tasks.isPending ? (
          <Spinner label="Loading the schedule" className="py-10" />
        ) : tasks.isError ? (
          <LoadFailed what="the schedule" onRetry={() => void tasks.refetch()} />
        ) : tasks.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            No tasks yet. Add what the boat needs (an oil change, the impeller, winterizing) and we will remind you before it is due.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {tasks.data.map((task) => (
              <TaskItem key={task.id} task={task} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
