import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { formResolver } from '../lib/form-resolver';
import { resetPasswordSchema, type ResetPasswordInput } from '@common/auth-forms';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { FormField } from '../components/ui/form-field';
import { FormAlert } from '../components/ui/form-alert';
import { authErrorText, resetPassword } from '../features/auth';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: formResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await resetPassword(token ?? '', newPassword);
      setDone(true);
    } catch (error) {
      setFailure(authErrorText(error, 'We could not change your password. Please try again.'));
    }
  });

  return (
    <div className="flex justify-center px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-navy-800">Choose a new password</h1>
        {linkError || !token ? (
          <div className="mt-6 flex flex-col gap-4">
            <FormAlert>This reset link is invalid or has expired. Ask for a new one from the sign-in page.</FormAlert>
            <Button asChild>
              <Link to="/login">Go to sign in</Link>
            </Button>
          </div>
        ) : done ? (
          <div className="mt-6 flex flex-col gap-4">
            <FormAlert tone="success">Your password has been changed. Sign in with your new password.</FormAlert>
            <Button asChild>
              <Link to="/login">Sign In</Link>
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
              <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
            </FormField>
            <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
              <Input id="confirm-password" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
