import { useForm } from 'react-hook-form';
import { timeZoneSettingSchema, type TimeZoneSetting, type TimeZoneSettingInput } from '@common/profile-time-zone';
import type { CurrentUser } from '@common/user';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/native-select';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { browserTimeZone } from '../../lib/time-zone-name';
import { timeZoneLabel, timeZoneOptions } from '../../lib/time-zone-options';
import { showToast } from '../../lib/toast';
import { useSetTimeZone } from './api';

/**
 * Settings' 'Time zone' (docs/PRODUCT.md#settings): the zone booking e-mails add the reader's time in. Until
 * one is chosen the select shows the browser's, which saving keeps.
 */
export function TimeZoneCard({ user }: { user: Pick<CurrentUser, 'timeZone'> }) {
  const shown = user.timeZone ?? browserTimeZone();
  const form = useForm<TimeZoneSettingInput, unknown, TimeZoneSetting>({
    resolver: formResolver(timeZoneSettingSchema),
    values: { timeZone: shown },
  });
  const save = useSetTimeZone();
  const error = form.formState.errors.timeZone?.message;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => showToast({ title: 'Time zone saved', description: `Booking e-mails give your time in ${timeZoneLabel(saved.timeZone ?? shown)}.` }),
      onError: (failure) => showSubmitFailure(form, failure, { fallback: 'Failed to save your time zone' }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>
          Booking e-mails give a visit&apos;s time in the boat&apos;s zone and a call&apos;s in the expert&apos;s; when your zone shows
          another time, they add yours beside it.
          {user.timeZone ? null : ' Not chosen yet: this is your browser’s zone.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
          <FormField id="time-zone" label="Time zone" error={error}>
            <NativeSelect id="time-zone" aria-invalid={error ? true : undefined} aria-describedby={error ? "time-zone-error" : undefined} {...form.register('timeZone')}>
              {timeZoneOptions(shown).map((zone) => (
                <option key={zone} value={zone}>
                  {timeZoneLabel(zone)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" className="self-start" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save time zone'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
