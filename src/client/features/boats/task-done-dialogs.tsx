import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlarmClock, CircleCheck } from 'lucide-react';
import type { z } from 'zod';
import { addDays } from '@common/zoned-time';
import { completeTaskSchema, snoozeTaskSchema, type MaintenanceTask } from '@common/maintenance';
import { MAINTENANCE_LIMITS } from '@common/maintenance-rules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { fieldAria } from '../../components/ui/field-props';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useCompleteTask, useSnoozeTask } from './api';
import { formatHours } from './boat-label';
import { TextField } from './form-controls';
import { describeRepeat, formatLocalDate, snoozeSuggestion, todayLocalDate } from './task-due';

interface CompleteValues {
  doneOn: string;
  engineHours: string;
  note: string;
}

/** 'Mark done': when (today unless said), at what engine hours, and a note; a repeating task comes back with its next due. */
export function CompleteTaskDialog({ task }: { task: MaintenanceTask }) {
  const [open, setOpen] = useState(false);
  const complete = useCompleteTask();
  const today = todayLocalDate();
  const form = useForm<CompleteValues, unknown, z.output<typeof completeTaskSchema>>({
    resolver: formResolver<typeof completeTaskSchema, CompleteValues>(completeTaskSchema),
    defaultValues: { doneOn: today, engineHours: '', note: '' },
  });
  const { errors } = form.formState;
  const id = (name: string) => `done-${task.id}-${name}`;
  const repeats = describeRepeat(task);

  const onOpenChange = (next: boolean) => {
    if (complete.isPending) return;
    if (next) form.reset({ doneOn: todayLocalDate(), engineHours: '', note: '' });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((input) =>
    complete.mutate(
      { boatId: task.boatId, taskId: task.id, input },
      {
        onSuccess: (next) => {
          const again = next.state !== 'done' && next.dueDate ? ` Next due ${formatLocalDate(next.dueDate)}.` : '';
          showToast({ title: 'Marked done', description: `${task.title} is in the boat's history.${again}` });
          setOpen(false);
        },
        onError: (failure) => {
          showSubmitFailure(form, failure, { fallback: 'Failed to mark the task done' });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" aria-label={`Mark done: ${task.title}`}>
          <CircleCheck aria-hidden /> Mark done
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark done</DialogTitle>
          <DialogDescription>
            {task.title}. {repeats ? `${repeats}: it comes due again from the day it was done.` : 'It moves to the boat’s history.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField id={id('date')} label="Done on" type="date" max={today} error={errors.doneOn?.message} {...form.register('doneOn')} />
          <TextField
            id={id('hours')}
            label={task.engineHours !== null ? `Engine hours (last recorded ${formatHours(task.engineHours)})` : 'Engine hours'}
            optional
            inputMode="numeric"
            error={errors.engineHours?.message}
            {...form.register('engineHours')}
          />
          <FormField id={id('note')} label="Note" optional error={errors.note?.message}>
            <Textarea rows={3} maxLength={MAINTENANCE_LIMITS.note} placeholder="Parts used, who did it, what they noticed" {...fieldAria(id('note'), errors.note?.message)} {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={complete.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              {complete.isPending ? 'Saving...' : 'Mark done'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Snooze': a later due date (the server wants one after the current). Offered for tasks due by a date. */
export function SnoozeTaskDialog({ task, dueDate }: { task: MaintenanceTask; dueDate: string }) {
  const [open, setOpen] = useState(false);
  const snooze = useSnoozeTask();
  const form = useForm<{ until: string }, unknown, z.output<typeof snoozeTaskSchema>>({
    resolver: formResolver<typeof snoozeTaskSchema, { until: string }>(snoozeTaskSchema),
    defaultValues: { until: snoozeSuggestion(dueDate, todayLocalDate()) },
  });
  const error = form.formState.errors.until?.message;
  const id = `snooze-${task.id}-until`;

  const onOpenChange = (next: boolean) => {
    if (snooze.isPending) return;
    if (next) form.reset({ until: snoozeSuggestion(dueDate, todayLocalDate()) });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((input) =>
    snooze.mutate(
      { boatId: task.boatId, taskId: task.id, input },
      {
        onSuccess: (next) => {
          showToast({ title: 'Snoozed', description: next.dueDate ? `${task.title} is due ${formatLocalDate(next.dueDate)}.` : `${task.title} is snoozed.` });
          setOpen(false);
        },
        onError: (failure) => {
          showSubmitFailure(form, failure, { fallback: 'Failed to snooze the task' });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Snooze: ${task.title}`}>
          <AlarmClock aria-hidden /> Snooze
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Snooze</DialogTitle>
          <DialogDescription>
            {task.title}, due {formatLocalDate(dueDate)}. Choose a later date: reminders wait until then.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <TextField id={id} label="Due again on" type="date" min={addDays(dueDate, 1)} error={error} {...form.register('until')} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={snooze.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={snooze.isPending}>
              {snooze.isPending ? 'Saving...' : 'Snooze'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
