import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { FormField } from './form-field';
import { Textarea } from './textarea';
import { formResolver } from '../../lib/form-resolver';

interface ReasonForm {
  reason?: string | null;
}

/**
 * Asks for the reason of a decision (suspend an expert, hide a review, report one). Cancelling closes it
 * and nothing happens. `schema` is the request body's schema the server checks the reason with: a reason
 * it refuses (an empty one where one is required) is refused in place and nothing is sent.
 */
export function ReasonDialog({
  id,
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  confirmLabel,
  pendingLabel,
  pending,
  schema,
  maxLength,
  required,
  destructive,
  onConfirm,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  placeholder: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  schema: z.ZodType<ReasonForm, ReasonForm>;
  maxLength: number;
  /** Whether the field is marked optional, as the schema allows. */
  required: boolean;
  destructive?: boolean;
  onConfirm: (reason: string) => void;
}) {
  const form = useForm<ReasonForm>({
    resolver: formResolver<typeof schema, ReasonForm>(schema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const { reset } = form;
  useEffect(() => {
    if (!open) reset({ reason: '' });
  }, [open, reset]);

  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };
  const onSubmit = form.handleSubmit(({ reason }) => onConfirm(reason ?? ''));

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id={id} label={label} optional={!required} error={error}>
            <Textarea
              id={id}
              rows={4}
              maxLength={maxLength}
              placeholder={placeholder}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
