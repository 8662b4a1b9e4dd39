import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { decisionReasonSchema, optionalReasonSchema, REASON_MAX_LENGTH } from '@common/admin-experts';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Textarea } from '../ui/textarea';

interface ReasonForm {
  reason?: string | null;
}

/**
 * Asks for the reason of a decision (suspend, reject, reinstate). Cancelling closes it and nothing
 * happens; with `required`, an empty reason is refused in place and nothing is sent.
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
  required: boolean;
  destructive?: boolean;
  onConfirm: (reason: string) => void;
}) {
  const form = useForm<ReasonForm>({
    resolver: zodResolver(required ? decisionReasonSchema : optionalReasonSchema),
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
              maxLength={REASON_MAX_LENGTH}
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
