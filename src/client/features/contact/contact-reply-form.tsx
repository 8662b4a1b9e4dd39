import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { CONTACT_REPLY_MAX_LENGTH, contactReplySchema, type ContactMessageView, type ContactReplyInput } from '@common/contact';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { FormField } from '../../components/ui/form-field';
import { fieldAria } from '../../components/ui/field-props';
import { showToast } from '../../lib/toast';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { useReplyToContactMessage } from './api';

/**
 * The administrator's answer, e-mailed to the sender. A signed-out sender's address is only what they
 * typed, so the reply goes to it only when the administrator ticks that they mean it to.
 */
export function ContactReplyForm({ message }: { message: ContactMessageView }) {
  const form = useForm<ContactReplyInput>({ resolver: formResolver(contactReplySchema), defaultValues: { body: '', toTypedAddress: false } });
  const reply = useReplyToContactMessage();
  const { errors } = form.formState;
  const id = `reply-${message.id}`;

  const onSubmit = form.handleSubmit((values) =>
    reply.mutate(
      { id: message.id, ...values },
      {
        onSuccess: () => {
          form.reset();
          showToast({ title: 'Reply sent', description: `E-mailed to ${message.email}` });
        },
        onError: (error) => {
          showSubmitFailure(form, error, { fallback: 'The reply was not sent' });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField id={id} label={`Reply to ${message.email}`} error={errors.body?.message}>
        <Textarea rows={4} maxLength={CONTACT_REPLY_MAX_LENGTH} {...fieldAria(id, errors.body?.message)} {...form.register('body')} />
      </FormField>
      {message.signedIn ? null : (
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-1" aria-describedby={errors.toTypedAddress ? `${id}-typed-error` : undefined} {...form.register('toTypedAddress')} />
            <span>The sender was not signed in: I have read the message and mean to e-mail the address they typed.</span>
          </label>
          {errors.toTypedAddress ? (
            <p id={`${id}-typed-error`} role="alert" className="text-sm text-red-600">
              {errors.toTypedAddress.message}
            </p>
          ) : null}
        </div>
      )}
      <Button type="submit" size="sm" disabled={reply.isPending} className="self-start">
        {reply.isPending ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
