import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { parsePrice } from '@common/experts-rules';
import {
  practiceFormBody,
  practiceFormSchema,
  type UpdateWorkspaceProfile,
  type UpdateWorkspaceProfileInput,
  type WorkspaceProfile,
} from '@common/workspace';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { formResolver } from '../../lib/form-resolver';
import { useUpdateWorkspaceProfile } from './api';
import { showToast } from '../../lib/toast';
import { timeZoneLabel, timeZoneOptions } from '../../lib/time-zone-options';
import { showSubmitFailure } from '../../lib/server-field-errors';

type FieldName = keyof UpdateWorkspaceProfileInput;

function formValues(profile: WorkspaceProfile): UpdateWorkspaceProfileInput {
  return {
    videoRate: parsePrice(profile.videoRate) > 0 ? profile.videoRate : '',
    onsiteRate: profile.onsiteRate,
    onsiteMinimumHours: profile.onsiteMinimumHours,
    serviceTypes: profile.serviceTypes,
    serviceRadius: profile.serviceRadius,
    available: profile.available,
    instantBooking: profile.instantBooking,
    bio: profile.bio,
    certifications: profile.certifications,
    timeZone: profile.timeZone,
  };
}

function Switch({ id, label, hint, register }: { id: string; label: string; hint: string; register: ReturnType<ReturnType<typeof useForm<UpdateWorkspaceProfileInput>>['register']> }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-navy-700" {...register} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

/** Rates, services, radius, availability, instant booking, bio, certifications and time zone in one form. */
export function PracticeForm({ profile }: { profile: WorkspaceProfile }) {
  const form = useForm<UpdateWorkspaceProfileInput, unknown, UpdateWorkspaceProfile>({
    resolver: formResolver<typeof practiceFormSchema, UpdateWorkspaceProfileInput>(practiceFormSchema),
    defaultValues: formValues(profile),
  });
  const update = useUpdateWorkspaceProfile();
  const { errors, isDirty } = form.formState;
  const error = (name: FieldName) => errors[name]?.message;
  const described = (name: FieldName) => (error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {});

  useEffect(() => {
    form.reset(formValues(profile));
  }, [profile, form]);

  // The schema turns rates into cents; the API takes them as typed, so the raw values are sent.
  const onSubmit = form.handleSubmit(() =>
    update.mutate(practiceFormBody(form.getValues()), {
      onSuccess: () => showToast({ title: 'Practice saved', description: 'Boat owners see your changes in the listings now.' }),
      onError: (failure) => {
        showSubmitFailure(form, failure, { fallback: 'Failed to save your practice' });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Practice settings">
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-base font-semibold text-navy-800">Rates</legend>
        <FormField id="videoRate" label="Video rate ($ per 30 minutes)" error={error('videoRate')}>
          <Input id="videoRate" inputMode="decimal" placeholder="75.00" {...described('videoRate')} {...form.register('videoRate')} />
        </FormField>
        <FormField id="onsiteRate" label="Onsite rate ($ per hour)" error={error('onsiteRate')}>
          <Input id="onsiteRate" inputMode="decimal" placeholder="125.00" {...described('onsiteRate')} {...form.register('onsiteRate')} />
        </FormField>
        <FormField id="onsiteMinimumHours" label="Onsite minimum hours" error={error('onsiteMinimumHours')}>
          <NativeSelect id="onsiteMinimumHours" {...described('onsiteMinimumHours')} {...form.register('onsiteMinimumHours')}>
            {[1, 2, 3, 4, 5, 6, 7, 8].map((hours) => (
              <option key={hours} value={hours}>
                {hours === 1 ? '1 hour' : `${hours} hours`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-base font-semibold text-navy-800">Services</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
            <input type="checkbox" value="video" className="size-4 accent-navy-700" {...form.register('serviceTypes')} />
            <span className="text-sm font-medium text-slate-900">Video consultations</span>
          </label>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
            <input type="checkbox" value="onsite" className="size-4 accent-navy-700" {...form.register('serviceTypes')} />
            <span className="text-sm font-medium text-slate-900">Onsite service visits</span>
          </label>
        </div>
        {error('serviceTypes') ? (
          <p role="alert" className="text-sm text-red-600">
            {error('serviceTypes')}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="serviceRadius" label="Service radius (miles)" error={error('serviceRadius')}>
            <Input id="serviceRadius" type="number" min={5} max={500} inputMode="numeric" {...described('serviceRadius')} {...form.register('serviceRadius')} />
          </FormField>
          <FormField id="timeZone" label="Time zone" error={error('timeZone')}>
            <NativeSelect id="timeZone" {...described('timeZone')} {...form.register('timeZone')}>
              {timeZoneOptions(profile.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {timeZoneLabel(zone)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Switch id="available" label="Available for new bookings" hint="Turn off while you are away; your profile stays listed." register={form.register('available')} />
          <Switch
            id="instantBooking"
            label="Instant booking"
            hint="Bookings are confirmed at once. Off: you accept or decline each request within 24 hours."
            register={form.register('instantBooking')}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold text-navy-800">About you</legend>
        <FormField id="bio" label="Bio" optional error={error('bio')}>
          <Textarea id="bio" rows={4} maxLength={2000} {...described('bio')} {...form.register('bio')} />
        </FormField>
        <FormField id="certifications" label="Certifications (comma-separated)" optional error={error('certifications')}>
          <Input id="certifications" maxLength={500} placeholder="ABYC Certified, Yamaha Master Technician" {...described('certifications')} {...form.register('certifications')} />
        </FormField>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={!isDirty || update.isPending} onClick={() => form.reset(formValues(profile))}>
          Undo changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save practice'}
        </Button>
      </div>
    </form>
  );
}
