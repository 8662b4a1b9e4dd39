import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { verifyCodeSchema, VerifyCodeInput } from '@common/auth-forms';
import { lazyFormResolver } from '../../lib/lazy-form-resolver';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { FormAlert } from '../../components/ui/form-alert';
import { useHydrated } from '../../lib/use-hydrated';
import { authErrorText, sendCodeAgain, verifyEmailCode } from './api';

const schema = lazyFormResolver<typeof verifyCodeSchema, VerifyCodeInput>(() => import('@common/auth-forms').then((m) => m.verifyCodeSchema));

/**
 * What 'Send the code again' says: the server answers alike whether or not it sent one (an address already
 * confirmed, or past its three an hour), so the words promise no more than that.
 */
export const newCodeSent = (email: string) => `If ${email} still needs confirming, a new code is on its way (at most three an hour). Only the newest code works.`;

/** The code entry: after 'Create Account', and in the banner of an account not verified yet. */
export function VerifyEmailForm({ email, onVerified, idPrefix = 'verify' }: { email: string; onVerified: () => void; idPrefix?: string }) {
  const form = useForm<VerifyCodeInput>({ resolver: schema.resolver, defaultValues: { code: '' } });
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setResult(null);
    try {
      await verifyEmailCode(email, code);
      onVerified();
    } catch (error) {
      setResult({ tone: 'error', text: authErrorText(error, 'We could not check the code. Please try again.') });
    }
  });

  const resend = async () => {
    setResult(null);
    setSending(true);
    try {
      await sendCodeAgain(email);
      setResult({ tone: 'success', text: newCodeSent(email) });
    } catch (error) {
      setResult({ tone: 'error', text: authErrorText(error, 'We could not send a new code. Please try again.') });
    } finally {
      setSending(false);
    }
  };

  const id = `${idPrefix}-code`;
  return (
    <form method="post" onSubmit={onSubmit} onFocus={schema.preload} noValidate className="flex flex-col gap-3" aria-label="Confirm your e-mail">
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <FormField id={id} label="Code" error={errors.code?.message}>
        <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-invalid={!!errors.code} {...form.register('code')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Confirming...' : 'Confirm e-mail'}
        </Button>
        <Button type="button" variant="outline" disabled={!hydrated || sending} onClick={() => void resend()}>
          {sending ? 'Sending...' : 'Send the code again'}
        </Button>
      </div>
    </form>
  );
}
