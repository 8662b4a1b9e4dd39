import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { maintenanceTaskFormSchema, type MaintenanceTask, type MaintenanceTaskForm } from '@common/maintenance';
import { MAINTENANCE_LIMITS } from '@common/maintenance-rules';
import { SPECIALTIES } from '@common/specialties';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { formResolver } from '../../lib/form-resolver';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useCreateTask, useUpdateTask } from './api';
import { taskFormValues, type TaskFormValues } from './boat-form-values';
import { SelectField, TextField } from './form-controls';

function TaskForm({ boatId, task, onDone }: { boatId: string; task?: MaintenanceTask; onDone: () => void }) {
  const form = useForm<TaskFormValues, unknown, MaintenanceTaskForm>({
    resolver: formResolver<typeof maintenanceTaskFormSchema, TaskFormValues>(maintenanceTaskFormSchema),
    defaultValues: taskFormValues(task),
  });
  const create = useCreateTask();
  const update = useUpdateTask();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const { register } = form;
  const id = (name: string) => `task-${task?.id ?? 'new'}-${name}`;

  const onSubmit = form.handleSubmit((input) => {
    const callbacks = {
      onSuccess: (saved: MaintenanceTask) => {
        showToast({ title: task ? 'Task updated' : 'Task added', description: `${saved.title} is on the schedule.` });
        onDone();
      },
      onError: (failure: unknown) => {
        showSubmitFailure(form, failure, { fallback: 'Failed to save the task' });
      },
    };
    if (task) update.mutate({ boatId, taskId: task.id, input }, callbacks);
    else create.mutate({ boatId, input, idempotencyKey: newIdempotencyKey() }, callbacks);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField id={id('title')} label="Task" maxLength={MAINTENANCE_LIMITS.title} placeholder="e.g. Replace the raw-water impeller" error={errors.title?.message} {...register('title')} />
      <SelectField
        id={id('specialty')}
        label="Kind of expert"
        placeholder="Choose the kind of expert"
        options={SPECIALTIES}
        error={errors.specialty?.message}
        {...register('specialty')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">Due</legend>
        <p className="-mt-1 text-sm text-slate-600">A date, engine hours, or both: the task is due at whichever comes first.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id={id('due-date')} label="Due date" optional type="date" error={errors.dueDate?.message} {...register('dueDate')} />
          <TextField id={id('due-hours')} label="Due at engine hours" optional inputMode="numeric" error={errors.dueHours?.message} {...register('dueHours')} />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">Repeat</legend>
        <p className="-mt-1 text-sm text-slate-600">Leave both empty for a one-off task. Marked done, a repeating task comes due again after this.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id={id('months')} label="Every (months)" optional inputMode="numeric" error={errors.intervalMonths?.message} {...register('intervalMonths')} />
          <TextField id={id('hours')} label="Every (engine hours)" optional inputMode="numeric" error={errors.intervalHours?.message} {...register('intervalHours')} />
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : task ? 'Save task' : 'Add task'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add a task to the boat's schedule, or edit one. `trigger` is the button that opens it. */
export function TaskFormDialog({ boatId, task, trigger }: { boatId: string; task?: MaintenanceTask; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{task ? 'Edit task' : 'Add a task'}</DialogTitle>
          <DialogDescription>{task ? task.title : 'Something to do for the boat, by a date, by engine hours, or by both.'}</DialogDescription>
        </DialogHeader>
        <TaskForm boatId={boatId} task={task} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
