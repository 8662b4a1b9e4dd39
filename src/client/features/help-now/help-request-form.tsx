import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LocateFixed, Siren } from 'lucide-react';
import type { z } from 'zod';
import { createHelpRequestSchema, NOT_SURE, priceLine, PROBLEM_MAX, type CreateHelpRequest, type HelpRequest } from '@common/help-now';
import { SPECIALTIES } from '@common/specialties';
import { moneyToCents } from '@common/money';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { boatLabel, useBoats } from '../boats';
import { uploadHelpPhoto, useHelpPrice, useSendHelpRequest } from './api';
import { NobodyOnCall } from './nobody-answered';

type Position = { latitude: number; longitude: number; accuracy: number };

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: 'Location is blocked for this site. Type the marina and ZIP code instead.',
  2: 'Your position could not be found. Type the marina and ZIP code instead.',
  3: 'Finding your position took too long. Type the marina and ZIP code instead.',
};

type LocationErrors = { zipCode?: { message?: string }; marina?: { message?: string }; message?: string } | undefined;

/** The cents of a decimal price from the server. */
const cents = (money: string) => moneyToCents(money) ?? 0;

/**
 * What is wrong, which boat, and where, in under a minute on a phone (docs/PRODUCT.md#help-now). The
 * position is asked for only when the owner presses 'Share my position'; the price of the experts who would
 * be rung shows before sending, and when nobody is on call the page says so and offers the other ways.
 * A photo chosen is sent right after the request; its failure is told (`onPhotoFailed`) but stops nothing.
 */
export function HelpRequestForm({
  boatId,
  question,
  onSent,
  onPhotoFailed,
}: {
  boatId: string | null;
  question: string;
  onSent: (request: HelpRequest) => void;
  onPhotoFailed: (failure: unknown) => void;
}) {
  const boats = useBoats();
  const send = useSendHelpRequest();
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<CreateHelpRequest, unknown, z.output<typeof createHelpRequestSchema>>({
    resolver: formResolver(createHelpRequestSchema),
    defaultValues: { specialty: NOT_SURE, problem: question.slice(0, PROBLEM_MAX), boatId: null, location: { kind: 'place', marina: '', zipCode: '' } },
  });
  const errors = form.formState.errors;
  const specialty = form.watch('specialty');
  const zipCode = form.watch('location.zipCode' as 'location') as unknown;
  const typedZip = !position && typeof zipCode === 'string' && /^\d{5}$/.test(zipCode.trim()) ? zipCode.trim() : undefined;
  const price = useHelpPrice({ specialty, ...(position ? { latitude: position.latitude, longitude: position.longitude } : { zipCode: typedZip }) });

  // The boat: the one in the address (the boat's page), else the only or first of the owner's boats.
  const boatList = boats.data;
  useEffect(() => {
    if (!boatList || form.getFieldState('boatId').isDirty) return;
    const chosen = boatList.find((boat) => boat.id === boatId) ?? boatList[0];
    if (chosen) form.setValue('boatId', chosen.id);
  }, [boatList, boatId, form]);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocateError('This browser cannot share a position. Type the marina and ZIP code instead.');
      return;
    }
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const found = { latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.round(coords.accuracy) };
        setPosition(found);
        form.setValue('location', { kind: 'position', ...found });
        form.clearErrors('location');
      },
      (failure) => {
        setLocating(false);
        setLocateError(GEOLOCATION_ERRORS[failure.code] ?? GEOLOCATION_ERRORS[2]!);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  const typeThePlace = () => {
    setPosition(null);
    form.setValue('location', { kind: 'place', marina: '', zipCode: '' });
  };

  const onSubmit = form.handleSubmit((input) =>
    send.mutate(
      { ...input, boatId: input.boatId ?? null },
      {
        onSuccess: (request) => {
          onSent(request);
          if (photo) uploadHelpPhoto(request.id, photo).catch(onPhotoFailed);
        },
        onError: (failure) => showSubmitFailure(form, failure, { title: 'Your request was not sent', fallback: 'Your request was not sent. Please try again.' }),
      },
    ),
  );

  const quote = price.data;
  const nobodyOnCall = quote?.expertsOnCall === 0;
  const locationErrors = errors.location as LocationErrors;
  const zipError = locationErrors?.zipCode?.message ?? locationErrors?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="help-specialty" label="What kind of problem is it?" error={errors.specialty?.message}>
        <NativeSelect id="help-specialty" {...form.register('specialty')}>
          <option value={NOT_SURE}>Not sure</option>
          {SPECIALTIES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="help-problem" label="What is wrong, in one sentence" error={errors.problem?.message}>
        <Input
          id="help-problem"
          maxLength={PROBLEM_MAX}
          placeholder="The engine stopped and will not restart"
          autoComplete="off"
          aria-invalid={errors.problem ? true : undefined}
          aria-describedby={errors.problem ? 'help-problem-error' : undefined}
          {...form.register('problem')}
        />
      </FormField>
      <FormField id="help-photo" label="A photo of the problem" optional>
        <Input id="help-photo" type="file" accept="image/*" capture="environment" onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} />
      </FormField>
      <FormField id="help-boat" label="Which boat" error={errors.boatId?.message}>
        <NativeSelect id="help-boat" {...form.register('boatId', { setValueAs: (value: string | null) => value || null })}>
          <option value="">No boat</option>
          {(boatList ?? []).map((boat) => (
            <option key={boat.id} value={boat.id}>
              {boatLabel(boat)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-900">Where is the boat?</legend>
        {position ? (
          <div className="flex flex-col gap-1 text-sm text-slate-700">
            <p role="status" className="font-medium text-slate-900">
              <LocateFixed aria-hidden className="mr-1.5 inline size-4 text-navy-600" />
              Within {position.accuracy} m
            </p>
            <p>
              Your position: {position.latitude.toFixed(4)}, {position.longitude.toFixed(4)}
            </p>
            <button type="button" className="self-start font-medium text-navy-700 underline underline-offset-2" onClick={typeThePlace}>
              Type the marina and ZIP code instead
            </button>
          </div>
        ) : (
          <>
            <Button type="button" variant="secondary" className="self-start" onClick={locate} disabled={locating}>
              <LocateFixed aria-hidden /> {locating ? 'Finding your position...' : 'Share my position'}
            </Button>
            {locateError ? (
              <p className="text-sm text-red-700" role="alert">
                {locateError}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">Or type the marina and ZIP code:</p>
            <div className="grid gap-3 sm:grid-cols-3">
              <div className="sm:col-span-2">
                <FormField id="help-marina" label="Marina or place" optional error={locationErrors?.marina?.message}>
                  <Input id="help-marina" autoComplete="off" placeholder="Harbor Marina" {...form.register('location.marina' as 'location')} />
                </FormField>
              </div>
              <FormField id="help-zip" label="ZIP code" error={zipError}>
                <Input
                  id="help-zip"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  aria-invalid={zipError ? true : undefined}
                  aria-describedby={zipError ? 'help-zip-error' : undefined}
                  {...form.register('location.zipCode' as 'location')}
                />
              </FormField>
            </div>
          </>
        )}
      </fieldset>
      {nobodyOnCall ? (
        <NobodyOnCall question={form.getValues('problem')} specialty={specialty} zipCode={typedZip ?? null} />
      ) : (
        <div aria-live="polite" className="flex flex-col gap-0.5">
          {quote?.firstPriceFrom && quote.minutePriceFrom ? (
            <>
              <p className="text-base font-semibold text-slate-900" data-testid="help-price">
                {priceLine(cents(quote.firstPriceFrom), cents(quote.minutePriceFrom))}
              </p>
              <p className="text-sm text-slate-600">Charged after the call, by its real length. Nothing is charged if nobody answers.</p>
            </>
          ) : price.isError ? (
            <p className="text-sm text-slate-600">The price could not be read. Please try again in a moment.</p>
          ) : (
            <p className="text-sm text-slate-600">Finding the experts on call...</p>
          )}
        </div>
      )}
      <Button type="submit" size="lg" variant="accent" className="self-stretch sm:self-start" disabled={send.isPending || nobodyOnCall}>
        <Siren aria-hidden /> {send.isPending ? 'Sending...' : 'Get help now'}
      </Button>
    </form>
  );
}
