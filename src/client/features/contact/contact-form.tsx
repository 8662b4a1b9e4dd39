import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  contactMessageSchema,
  signedOutContactMessageSchema,
  type ContactMessageInput,
  type ContactMessageValues,
  type ContactSent,
} from '@common/contact';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { FormField } from '../../components/ui/form-field';
import { fieldAria } from '../../components/ui/field-props';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { useSendContactMessage } from './api';

/** One of the sender's bookings, as the booking select offers it. */
export interface ContactBookingOption {
  id: string;
  label: string;
}

interface ContactFormProps {
  /** The signed-in sender's address; null when signed out (the form then asks for one). */
  accountEmail: string | null;
  bookings: ContactBookingOption[];
  /** A booking to preselect (from `?booking=`), when it is one of `bookings`. */
  bookingId?: string;
}

/** What the sender is told once the message is in: nothing about when it will be answered (docs/PRODUCT.md#contact-us). */
function Sent({ sent, address }: { sent: ContactSent; address: string }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-navy-800">Message sent</h2>
      <p className="text-slate-700">
        Thank you. A member of our team reads every message and will answer by e-mail at <span className="font-semibold break-all">{address}</span>.
      </p>
      <p className="text-slate-700">
        {sent.acknowledged
          ? 'We have e-mailed you a copy of your message.'
          : 'As you are not signed in, we send nothing to this address until we answer you.'}
      </p>
    </div>
  );
}

export function ContactForm({ accountEmail, bookings, bookingId }: ContactFormProps) {
  const preselected = bookingId && bookings.some((booking) => booking.id === bookingId) ? bookingId : '';
  const form = useForm<ContactMessageInput, unknown, ContactMessageValues>({
    resolver: formResolver(accountEmail ? contactMessageSchema : signedOutContactMessageSchema),
    defaultValues: { email: '', topic: preselected ? 'booking' : ('' as ContactMessageInput['topic']), message: '', bookingId: preselected },
  });
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ sent: ContactSent; address: string } | null>(null);
  const { errors } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';

  if (sent) return <Sent sent={sent.sent} address={sent.address} />;

  const onSubmit = form.handleSubmit((values) => {
    const input = { topic: values.topic, message: values.message, ...(accountEmail ? { bookingId: values.bookingId || undefined } : { email: values.email }) };
    send.mutate(input, {
      onSuccess: (answer) => setSent({ sent: answer, address: accountEmail ?? values.email ?? '' }),
      onError: (error) => {
        showSubmitFailure(form, error, { title: 'Your message was not sent', fallback: 'Please try again.' });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {accountEmail ? (
        <p className="text-sm text-slate-600">
          We will answer at your account&apos;s address, <span className="font-semibold break-all">{accountEmail}</span>.
        </p>
      ) : (
        <FormField id="email" label="Your email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria('email', errors.email?.message)} {...form.register('email')} />
        </FormField>
      )}
      <FormField id="topic" label="Topic" error={errors.topic?.message}>
        <NativeSelect {...fieldAria('topic', errors.topic?.message)} {...form.register('topic')}>
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {CONTACT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {accountEmail && bookings.length > 0 ? (
        <FormField id="bookingId" label="Booking" optional error={errors.bookingId?.message}>
          <NativeSelect {...fieldAria('bookingId', errors.bookingId?.message)} {...form.register('bookingId')}>
            <option value="">No booking</option>
            {bookings.map((booking) => (
              <option key={booking.id} value={booking.id}>
                {booking.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <FormField id="message" label="Message" error={errors.message?.message}>
        <Textarea rows={7} maxLength={CONTACT_MESSAGE_MAX_LENGTH} {...fieldAria('message', errors.message?.message)} {...form.register('message')} />
        <p className="text-right text-xs text-slate-500">
          {message.length} / {CONTACT_MESSAGE_MAX_LENGTH}
        </p>
      </FormField>
      <Button type="submit" disabled={send.isPending} className="self-start">
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
