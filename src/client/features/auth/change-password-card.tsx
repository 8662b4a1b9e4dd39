import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { changePasswordSchema, type ChangePasswordInput } from '@common/auth-forms';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { authErrorText, useChangePassword } from './api';
import { showToast } from '../../lib/toast';

export function ChangePasswordCard() {
  const form = useForm<ChangePasswordInput>({
    resolver: formResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      { ...values, revokeOtherSessions: true },
      {
        onSuccess: () => {
          form.reset();
          showToast({ title: 'Password changed', description: 'Your other sessions have been signed out.' });
        },
        onError: (error) =>
          showToast({ title: 'Error', description: authErrorText(error, 'Failed to change password'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
          <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
            <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input id="confirm-password" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
