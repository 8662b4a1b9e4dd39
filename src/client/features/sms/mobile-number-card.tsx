import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CODE_MINUTES,
  formatMobileNumber,
  sendCodeSchema,
  verifyCodeSchema,
  type SendCode,
  type SendCodeInput,
  type SmsSettings,
  type VerifyCode,
} from '@common/sms';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/form-alert';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { LoadFailed } from '../../components/ui/load-failed';
import { errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useRemoveNumber, useSendCode, useSmsSettings, useVerifyCode } from './api';

const fieldErrorProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

function NumberForm({ initial, onSent }: { initial: string; onSent: () => void }) {
  const form = useForm<SendCodeInput, unknown, SendCode>({ resolver: formResolver(sendCodeSchema), defaultValues: { number: initial } });
  const send = useSendCode();
  const error = form.formState.errors.number?.message;
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (settings) => {
        onSent();
        showToast({ title: 'Code sent', description: `We texted a 6-digit code to ${formatMobileNumber(settings.pending!.number)}.` });
      },
      onError: (failure) => showSubmitFailure(form, failure, { fallback: 'Failed to send the code' }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <FormField id="mobile-number" label="Mobile number" error={error}>
        <Input id="mobile-number" type="tel" autoComplete="tel" placeholder="(410) 555-0100" {...fieldErrorProps('mobile-number', error)} {...form.register('number')} />
      </FormField>
      <p className="-mt-2 text-xs text-slate-500">A US number, or + and the country code for another country&apos;s.</p>
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send code'}
      </Button>
    </form>
  );
}

function CodeForm({ pending, onOtherNumber }: { pending: NonNullable<SmsSettings['pending']>; onOtherNumber: () => void }) {
  const form = useForm<VerifyCode>({ resolver: formResolver(verifyCodeSchema), defaultValues: { code: '' } });
  const verify = useVerifyCode();
  const resend = useSendCode();
  const error = form.formState.errors.code?.message;
  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: (settings) => showToast({ title: 'Mobile number verified', description: `Texts go to ${formatMobileNumber(settings.number!)}.` }),
      onError: (failure) => showSubmitFailure(form, failure, { fallback: 'Failed to verify the code' }),
    }),
  );
  const sendAgain = () =>
    resend.mutate(
      { number: pending.number },
      {
        onSuccess: () => {
          form.reset({ code: '' });
          showToast({ title: 'Code sent', description: `We texted a new code to ${formatMobileNumber(pending.number)}.` });
        },
        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to send the code'), variant: 'destructive' }),
      },
    );
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <p className="text-sm text-slate-700">
        We texted a code to <span className="font-medium text-slate-900">{formatMobileNumber(pending.number)}</span>. It works for {CODE_MINUTES}{' '}
        minutes.
      </p>
      <FormField id="sms-code" label="Code" error={error}>
        <Input
          id="sms-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-40 tracking-widest"
          {...fieldErrorProps('sms-code', error)}
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Button type="button" variant="ghost" onClick={sendAgain} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send a new code'}
        </Button>
      </div>
      <Button type="button" variant="link" className="h-auto self-start px-0" onClick={onOtherNumber}>
        Use another number
      </Button>
    </form>
  );
}

function VerifiedNumber({ settings }: { settings: SmsSettings & { number: string } }) {
  const remove = useRemoveNumber();
  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => showToast({ title: 'Mobile number removed', description: 'No more texts will be sent to it.' }),
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the number'), variant: 'destructive' }),
    });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Texts go to <span className="font-medium text-slate-900">{formatMobileNumber(settings.number)}</span>.
      </p>
      {settings.stopped ? (
        <FormAlert tone="info">You replied STOP, so no texts are sent to this number. Reply START to one of our texts to have them again.</FormAlert>
      ) : (
        <p className="text-sm text-slate-600">To stop every text at once, reply STOP to any of them; reply START to have them again.</p>
      )}
      <Button variant="outline" className="self-start" onClick={onRemove} disabled={remove.isPending}>
        {remove.isPending ? 'Removing...' : 'Remove number'}
      </Button>
    </div>
  );
}

/**
 * Settings' 'Text messages' (docs/PRODUCT.md#text-messages): the mobile number texts go to, proved by a code
 * texted to it; once verified, the number, how to stop texts, and 'Remove number'.
 */
export function MobileNumberCard() {
  const settings = useSmsSettings();
  // The visitor chose to type another number while a code is waiting.
  const [otherNumber, setOtherNumber] = useState(false);
  const data = settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Text messages</CardTitle>
        <CardDescription>
          Notices that cannot wait, such as a new request, a confirmation or a reminder, by text to your mobile. Message and data rates may apply.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Spinner />
        ) : !data ? (
          <LoadFailed what="your mobile number" onRetry={() => settings.refetch()} />
        ) : data.number ? (
          <VerifiedNumber settings={{ ...data, number: data.number }} />
        ) : data.pending && !otherNumber ? (
          <CodeForm pending={data.pending} onOtherNumber={() => setOtherNumber(true)} />
        ) : (
          <NumberForm initial="" onSent={() => setOtherNumber(false)} />
        )}
      </CardContent>
    </Card>
  );
}
