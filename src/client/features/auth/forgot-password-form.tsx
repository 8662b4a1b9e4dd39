import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { forgotPasswordSchema, ForgotPasswordInput } from '@common/auth-forms';
import { lazyFormResolver } from '../../lib/lazy-form-resolver';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { authErrorText, requestPasswordReset } from './api';
import { FormAlert } from '../../components/ui/form-alert';
import { useHydrated } from '../../lib/use-hydrated';

// The schema, and zod with it, loads on the first focus in the form or the first check (lazyFormResolver).
const schema = lazyFormResolver<typeof forgotPasswordSchema, ForgotPasswordInput>(() => import('@common/auth-forms').then((m) => m.forgotPasswordSchema));

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotPasswordInput>({ resolver: schema.resolver, defaultValues: { email: '' } });
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await requestPasswordReset(email);
      setResult({
        tone: 'success',
        text: 'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for one hour.',
      });
    } catch (error) {
      setResult({ tone: 'error', text: authErrorText(error, 'We could not send the e-mail. Please try again.') });
    }
  });

  // Sent by the app once it has started; until then (a page the server rendered) it cannot be sent.
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={onSubmit} onFocus={schema.preload} noValidate className="flex flex-col gap-4" aria-label="Reset password">
      <p className="text-sm text-slate-600">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input id="forgot-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
      <button type="button" onClick={onBack} className="text-sm font-medium text-navy-600 hover:underline">
        Back to sign in
      </button>
    </form>
  );
}
