import { useMemo } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import type { CurrentUser, ProfileUpdate, ProfileUpdateInput } from '@common/user';
import { isEmailChange, profileFormSchema } from '@common/profile-email-change';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { useUpdateProfile } from './api';
import { showToast } from '../../lib/toast';
import { showSubmitFailure } from '../../lib/server-field-errors';

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
    currentPassword: '',
  };
}

/** Asked for only when the e-mail field holds another address: the change then waits for its link. */
function CurrentPasswordField(props: { currentEmail: string; error?: string; field: UseFormRegisterReturn<'currentPassword'> }) {
  const { currentEmail, error, field } = props;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-sky-200 p-4">
      <p id="email-change-hint" className="text-sm text-slate-700">
        We will send a confirmation link to the new address. Your email address stays <span className="font-semibold break-all">{currentEmail}</span> until
        you open it.
      </p>
      <FormField id="currentPassword" label="Current Password" error={error}>
        <Input
          id="currentPassword"
          type="password"
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'currentPassword-error email-change-hint' : 'email-change-hint'}
          {...field}
        />
      </FormField>
    </div>
  );
}

export function ProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const schema = useMemo(() => profileFormSchema(user.email), [user.email]);
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: formResolver(schema),
    defaultValues: formValues(user),
  });
  const update = useUpdateProfile();
  const { errors } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const changingEmail = isEmailChange(user.email, typedEmail ?? '');

  const onSubmit = form.handleSubmit((values) =>
    // The password goes only with a new address: the other fields never need it.
    update.mutate(changingEmail ? values : { ...values, currentPassword: undefined }, {
      onSuccess: () => {
        showToast({ title: 'Success', description: 'Profile updated successfully' });
        onDone();
      },
      onError: (error) => {
        showSubmitFailure(form, error, { fallback: 'Failed to update profile' });
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
          {section.title === 'Contact Information' && changingEmail ? (
            <CurrentPasswordField currentEmail={user.email} error={errors.currentPassword?.message} field={form.register('currentPassword')} />
          ) : null}
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
