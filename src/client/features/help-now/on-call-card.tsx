import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Siren } from 'lucide-react';
import type { z } from 'zod';
import { FIRST_PRICE_BOUNDS, MINUTE_PRICE_BOUNDS, onCallSettingsSchema, type OnCallSettingsInput, type OnCallSettingsView } from '@common/help-now';
import { formatCents } from '@common/money';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { LoadFailed } from '../../components/ui/load-failed';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { timeZoneName } from '../../lib/time-zone-name';
import { showToast } from '../../lib/toast';
import { useOnCall, useSaveOnCall } from './api';
import { onCallStatus } from './on-call-status';

type OnCallOutput = z.output<typeof onCallSettingsSchema>;
type TextField = 'from' | 'to' | 'firstPrice' | 'minutePrice';

const toValues = (view: OnCallSettingsView): OnCallSettingsInput => ({
  onCall: view.onCall,
  from: view.from,
  to: view.to,
  firstPrice: view.firstPrice,
  minutePrice: view.minutePrice,
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const bounds = ({ min, max }: { min: number; max: number }) => `${formatCents(min)} to ${formatCents(max)}`;

function OnCallForm({ view }: { view: OnCallSettingsView }) {
  const save = useSaveOnCall();
  const form = useForm<OnCallSettingsInput, unknown, OnCallOutput>({ resolver: formResolver(onCallSettingsSchema), defaultValues: toValues(view) });
  useEffect(() => form.reset(toValues(view)), [form, view]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, firstPrice: dollars(input.firstPrice), minutePrice: dollars(input.minutePrice) },
      {
        onSuccess: (saved) => void showToast({ title: saved.onCall ? 'You are on call for Help now' : 'Help now is off' }),
        onError: (failure) => showSubmitFailure(form, failure, { title: 'Not saved', fallback: 'Your Help now settings were not saved. Please try again.' }),
      },
    ),
  );
  const field = (name: TextField, hint?: string) => {
    const described = [hint ? `on-call-${name}-hint` : null, errors[name] ? `on-call-${name}-error` : null].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': described || undefined, ...form.register(name) };
  };
  const zone = timeZoneName(view.timeZone);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <label className="flex items-center gap-3 text-sm font-medium text-slate-900">
        <input type="checkbox" role="switch" className="size-5 accent-navy-700" {...form.register('onCall')} /> On call
      </label>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-sm font-medium text-slate-900">Your hours, {zone}</legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField id="on-call-from" label="From" error={errors.from?.message}>
            <Input id="on-call-from" type="time" {...field('from')} />
          </FormField>
          <FormField id="on-call-to" label="To" error={errors.to?.message}>
            <Input id="on-call-to" type="time" {...field('to')} />
          </FormField>
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="on-call-firstPrice" label="First 15 minutes ($)" error={errors.firstPrice?.message}>
          <Input id="on-call-firstPrice" inputMode="decimal" {...field('firstPrice', 'first')} />
          <p id="on-call-firstPrice-hint" className="text-xs text-slate-600">
            {bounds(FIRST_PRICE_BOUNDS)}
          </p>
        </FormField>
        <FormField id="on-call-minutePrice" label="Each minute after ($)" error={errors.minutePrice?.message}>
          <Input id="on-call-minutePrice" inputMode="decimal" {...field('minutePrice', 'minute')} />
          <p id="on-call-minutePrice-hint" className="text-xs text-slate-600">
            {bounds(MINUTE_PRICE_BOUNDS)}
          </p>
        </FormField>
      </div>
      <p className="text-sm font-medium text-slate-800" role="status" data-testid="on-call-status">
        {onCallStatus(view, new Date())}
      </p>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

/** The workspace's 'On call for Help now' (docs/PRODUCT.md#help-now): on or off, the hours and the prices. */
export function OnCallCard() {
  const onCall = useOnCall();
  return (
    <SectionCard title="On call for Help now" icon={Siren}>
      <p className="mb-4 text-sm text-slate-600">
        Owners in trouble on the water ring the experts on call, five at a time. The first to accept is on a video call with them at once, paid by the call&apos;s real length.
      </p>
      {onCall.isPending ? (
        <Spinner label="Loading your Help now settings" />
      ) : onCall.isError ? (
        <LoadFailed what="your Help now settings" onRetry={() => void onCall.refetch()} />
      ) : (
        <OnCallForm view={onCall.data} />
      )}
    </SectionCard>
  );
}
