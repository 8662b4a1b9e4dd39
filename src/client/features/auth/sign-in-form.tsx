import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { signInSchema, SignInInput } from '@common/auth-forms';
import { lazyFormResolver } from '../../lib/lazy-form-resolver';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { authErrorText, signIn } from './api';
import { FormAlert } from '../../components/ui/form-alert';
import { BusyNotice } from './busy-notice';
import { retryWhenBusy } from '../../lib/retry-when-busy';
import { useHydrated } from '../../lib/use-hydrated';

// The schema, and zod with it, loads on the first focus in the form or the first check (lazyFormResolver).
const schema = lazyFormResolver<typeof signInSchema, SignInInput>(() => import('@common/auth-forms').then((m) => m.signInSchema));

/** `onSignedIn` is given the account's role, from Better Auth's answer. */
export function SignInForm({ onSignedIn, onForgot }: { onSignedIn: (role: string | undefined) => void; onForgot: () => void }) {
  const form = useForm<SignInInput>({ resolver: schema.resolver, defaultValues: { email: '', password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await retryWhenBusy(() => signIn(values), setWaiting);
      onSignedIn(answer?.user?.role);
    } catch (error) {
      setFailure(authErrorText(error, 'Sign-in failed. Please try again.'));
    }
  });

  // Sent by the app once it has started; until then (a page the server rendered) it cannot be sent.
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={onSubmit} onFocus={schema.preload} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {waiting ? <BusyNotice /> : failure ? <FormAlert>{failure}</FormAlert> : null}
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input id="signin-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </FormField>
      <button type="button" onClick={onForgot} disabled={!hydrated} className="self-end text-sm font-medium text-navy-600 hover:underline">
        Forgot password?
      </button>
      <Button type="submit" size="lg" disabled={!hydrated || isSubmitting}>
        {waiting ? 'One moment...' : isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
