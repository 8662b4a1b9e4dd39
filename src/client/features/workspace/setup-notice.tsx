import { useForm } from 'react-hook-form';
import { Sparkles } from 'lucide-react';
import { parsePrice } from '@common/experts-rules';
import { practiceFormBody, practiceFormSchema, type UpdateWorkspaceProfile, type UpdateWorkspaceProfileInput, type WorkspaceProfile } from '@common/workspace';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { fieldAria } from '../../components/ui/field-props';
import { NativeSelect } from '../../components/ui/native-select';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { timeZoneName } from '../../lib/time-zone-name';
import { useUpdateWorkspaceProfile } from './api';
import { showToast } from '../../lib/toast';
import { timeZoneLabel, timeZoneOptions } from '../../lib/time-zone-options';

/** A new expert's application had no video rate: until one is set they are not offered for video. */
export function needsSetup(profile: WorkspaceProfile): boolean {
  return parsePrice(profile.videoRate) <= 0;
}

/**
 * First sign-in: set the video rate and confirm the time zone (the application suggested it from the ZIP
 * code), in one step that also starts offering video consultations.
 */
export function SetupNotice({ profile }: { profile: WorkspaceProfile }) {
  const update = useUpdateWorkspaceProfile();
  // The practice form's schema: with video among the services, the rate is required (VIDEO_NEEDS_RATE).
  const form = useForm<UpdateWorkspaceProfileInput, unknown, UpdateWorkspaceProfile>({
    resolver: formResolver<typeof practiceFormSchema, UpdateWorkspaceProfileInput>(practiceFormSchema),
    defaultValues: { videoRate: '', timeZone: profile.timeZone, serviceTypes: [...new Set([...profile.serviceTypes, 'video' as const])] },
  });
  const { errors } = form.formState;

  // The schema turns the rate into cents; the API takes it as typed, so the raw values are sent.
  const onSubmit = form.handleSubmit(() =>
    update.mutate(practiceFormBody(form.getValues()), {
      onSuccess: () => showToast({ title: 'You are ready for video', description: 'Owners can now book video consultations with you.' }),
      onError: (failure) => {
        showSubmitFailure(form, failure, { fallback: 'Failed to save' });
      },
    }),
  );

  return (
    <section aria-labelledby="setup-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-5 sm:p-6">
      <h2 id="setup-heading" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <Sparkles aria-hidden className="size-5 shrink-0" /> Welcome aboard! Two things before owners can book video calls
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Set your price for a 30-minute video consultation, and confirm your time zone: we suggested {timeZoneName(profile.timeZone)} from
        your ZIP code {profile.zipCode}. Your booking times and working hours are in this zone.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-[13rem_1fr_auto] sm:items-start">
        <FormField id="setup-video-rate" label="Video rate ($ per 30 min)" error={errors.videoRate?.message}>
          <Input inputMode="decimal" placeholder="75.00" {...fieldAria('setup-video-rate', errors.videoRate?.message)} {...form.register('videoRate')} />
        </FormField>
        <FormField id="setup-time-zone" label="Your time zone" error={errors.timeZone?.message}>
          <NativeSelect {...fieldAria('setup-time-zone', errors.timeZone?.message)} {...form.register('timeZone')}>
            {timeZoneOptions(profile.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {/* Level with the controls below their labels, also when a message grows the rate's column. */}
        <Button type="submit" variant="accent" className="sm:mt-[1.625rem]" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save and offer video'}
        </Button>
      </form>
    </section>
  );
}
