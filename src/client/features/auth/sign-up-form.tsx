import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { signUpSchema, SignUpInput } from '@common/auth-forms';
import { lazyFormResolver } from '../../lib/lazy-form-resolver';
import { PASSWORD_MIN_LENGTH } from '@common/password-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { authErrorText, signUp } from './api';
import { FormAlert } from '../../components/ui/form-alert';
import { BusyNotice } from './busy-notice';
import { retryWhenBusy } from '../../lib/retry-when-busy';
import { useHydrated } from '../../lib/use-hydrated';

// The schema, and zod with it, loads on the first focus in the form or the first check (lazyFormResolver).
const schema = lazyFormResolver<typeof signUpSchema, SignUpInput>(() => import('@common/auth-forms').then((m) => m.signUpSchema));

/** Creates the account; the page then asks for the code e-mailed to `email` (no session until then). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const form = useForm<SignUpInput>({
    resolver: schema.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await retryWhenBusy(() => signUp(values), setWaiting);
      onSignedUp(values.email);
    } catch (error) {
      setFailure(authErrorText(error, 'We could not create your account. Please try again.'));
    }
  });

  // Sent by the app once it has started; until then (a page the server rendered) it cannot be sent.
  const hydrated = useHydrated();
  return (
    <form method="post" onSubmit={onSubmit} onFocus={schema.preload} noValidate className="flex flex-col gap-4" aria-label="Create account">
      {waiting ? <BusyNotice /> : failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first" label="First Name" error={errors.firstName?.message}>
          <Input id="signup-first" autoComplete="given-name" aria-invalid={!!errors.firstName} {...form.register('firstName')} />
        </FormField>
        <FormField id="signup-last" label="Last Name" error={errors.lastName?.message}>
          <Input id="signup-last" autoComplete="family-name" aria-invalid={!!errors.lastName} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input id="signup-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message}>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="signup-password-hint"
          {...form.register('password')}
        />
        <p id="signup-password-hint" className="text-xs text-slate-500">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
      </FormField>
      <Button type="submit" size="lg" disabled={!hydrated || isSubmitting}>
        {waiting ? 'One moment...' : isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
