import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { Pencil } from 'lucide-react';
import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate, type AdminUserUpdateInput } from '@common/admin-users';
import { ROLES, USER_STATUSES } from '@common/roles';
import { displayName } from '@common/user-display';
import { FormAlert } from '../../components/ui/form-alert';
import { NativeSelect } from '../../components/ui/native-select';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useUpdateAdminUser } from './api';
import { ApiError, errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { handleUnauthorized } from '../../lib/unauthorized';
import { ROLE_LABELS, STATUS_LABELS } from './user-labels';
import { LOGGED_OUT_TOAST } from './logged-out-toast';
import { showSubmitFailure } from '../../lib/server-field-errors';

type FieldName = keyof AdminUserUpdateInput;

const TEXT_FIELDS: { name: FieldName; label: string; type?: string; optional?: boolean }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', optional: true },
];

function formValues(user: AdminUser): AdminUserUpdateInput {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    role: user.role,
    status: user.status,
  };
}

/** Why the role may not be free to change, said before the administrator tries. */
function roleHint(user: AdminUser): string | null {
  if (user.role === 'expert' && user.expertStatus === 'approved') return "An approved expert's role follows their expert profile.";
  if (user.expertStatus !== 'approved') return 'Expert is given by approving an expert application.';
  return null;
}

export function EditUserDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const update = useUpdateAdminUser();
  const form = useForm<AdminUserUpdateInput, unknown, AdminUserUpdate>({
    resolver: formResolver(adminUserUpdateSchema),
    defaultValues: formValues(user),
  });
  const { errors } = form.formState;
  const hint = roleHint(user);

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) form.reset(formValues(user));
    setConflict(null);
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((input) => {
    setConflict(null);
    update.mutate(
      { id: user.id, input },
      {
        onSuccess: () => {
          showToast({ title: 'Success', description: 'User updated successfully' });
          setOpen(false);
        },
        onError: (error) => {
          if (handleUnauthorized(error, LOGGED_OUT_TOAST)) return;
          // A conflict of the whole change shows in the dialog, where the way out is.
          if (error instanceof ApiError && error.status === 409 && Object.keys(error.fieldErrors).length === 0) return setConflict(errorText(error, 'Failed to update user'));
          showSubmitFailure(form, error, { fallback: 'Failed to update user' });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit ${displayName(user)}`}>
          <Pencil aria-hidden /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            Changes apply on the user's next request. Deactivating signs them out everywhere.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {conflict ? (
            <FormAlert>
              {conflict}{' '}
              {conflict.includes('Expert Management') ? (
                <Link to="/expert-management" className="font-semibold underline underline-offset-2">
                  Open Expert Management
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map((field) => {
              const error = errors[field.name]?.message;
              const id = `edit-${field.name}`;
              return (
                <FormField key={field.name} id={id} label={field.label} optional={field.optional} error={error}>
                  <Input
                    id={id}
                    type={field.type ?? 'text'}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    {...form.register(field.name)}
                  />
                </FormField>
              );
            })}
            <FormField id="edit-role" label="Role" error={errors.role?.message}>
              <NativeSelect id="edit-role" aria-describedby={hint ? 'edit-role-hint' : undefined} {...form.register('role')}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
              {hint ? (
                <p id="edit-role-hint" className="text-xs text-slate-500">
                  {hint}
                </p>
              ) : null}
            </FormField>
            <FormField id="edit-status" label="Status" error={errors.status?.message}>
              <NativeSelect id="edit-status" {...form.register('status')}>
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
