import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type CurrentUser, type ProfileUpdate, type ProfileUpdateInput } from '@common/user';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { FormField } from '../ui/form-field';
import { useUpdateProfile } from '../../lib/api/profile';
import { ApiError, errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';

type FieldName = keyof ProfileUpdateInput;

const SECTIONS: { title: string; fields: { name: FieldName; label: string; type?: string; autoComplete: string; optional?: boolean }[] }[] = [
  {
    title: 'Personal Information',
    fields: [
      { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
      { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
    ],
  },
  {
    title: 'Contact Information',
    fields: [
      { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
      { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', optional: true },
    ],
  },
  {
    title: 'Address Information',
    fields: [
      { name: 'address', label: 'Street Address', autoComplete: 'street-address', optional: true },
      { name: 'city', label: 'City', autoComplete: 'address-level2', optional: true },
      { name: 'state', label: 'State', autoComplete: 'address-level1', optional: true },
      { name: 'zipCode', label: 'ZIP Code', autoComplete: 'postal-code', optional: true },
    ],
  },
];

function formValues(user: CurrentUser): ProfileUpdateInput {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zipCode: user.zipCode ?? '',
  };
}

export function ProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(user),
  });
  const update = useUpdateProfile();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        showToast({ title: 'Success', description: 'Profile updated successfully' });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field in values) form.setError(field as FieldName, { message });
          }
        }
        showToast({ title: 'Error', description: errorText(error, 'Failed to update profile'), variant: 'destructive' });
      },
    }),
  );

  const cancel = () => {
    form.reset(formValues(user));
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold text-navy-800">{section.title}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) => {
              const error = errors[field.name]?.message;
              return (
                <FormField key={field.name} id={field.name} label={field.label} optional={field.optional} error={error}>
                  <Input
                    id={field.name}
                    type={field.type ?? 'text'}
                    autoComplete={field.autoComplete}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${field.name}-error` : undefined}
                    {...form.register(field.name)}
                  />
                </FormField>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-6 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
