import { useForm } from 'react-hook-form';
import { Sailboat } from 'lucide-react';
import type { z } from 'zod';
import { engineHoursSchema, FUEL_LABELS, HULL_TYPE_LABELS, PROPULSION_LABELS, type BoatSnapshot } from '@common/boats';
import type { BookingDetail } from '@common/bookings';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SectionCard } from '../../components/ui/section-card';
import { fieldAria } from '../../components/ui/field-props';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { useAuth } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { boatModelLine, formatFeet } from '../boats';
import { useRecordBookingEngineHours } from './api';
import { engineHoursLabel, engineLine, homeMarinaLine, mayRecordEngineHours } from './booking-boat-lines';
import { BookingFact } from './booking-panel';

/**
 * The boat the booking is for (from My Boats), as it was when booked: the owner, the expert and
 * administrators see the same card. The booking's expert records the engine hours from it while the booking
 * is confirmed or completed.
 */
export function BookingBoatCard({ booking }: { booking: BookingDetail }) {
  const { user } = useAuth();
  const boat = booking.boat;
  if (!boat) return null;
  const model = boatModelLine(boat);
  const marina = homeMarinaLine(boat);
  const count = boat.engines.length;
  return (
    <SectionCard title="Boat" icon={Sailboat}>
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{boat.name}</p>
      {model ? <p className="text-sm text-slate-600">{model}</p> : null}
      <p className="mt-1 text-xs text-slate-500">As it was when booked{booking.hoursRecorded ? '; engine hours as recorded on this visit' : ''}.</p>
      <dl className="mt-4 flex flex-col divide-y divide-slate-100">
        <BookingFact label="Type">{BOAT_TYPE_LABELS[boat.boatType]}</BookingFact>
        {boat.lengthFeet !== null ? <BookingFact label="Length">{formatFeet(boat.lengthFeet)}</BookingFact> : null}
        <BookingFact label="Hull">{HULL_TYPE_LABELS[boat.hullType]}</BookingFact>
        <BookingFact label="Propulsion">{PROPULSION_LABELS[boat.propulsion]}</BookingFact>
        {count > 0 ? (
          <BookingFact label={count === 1 ? 'Engine' : 'Engines'}>
            <ul className="flex flex-col gap-1">
              {boat.engines.map((engine, index) => (
                <li key={index}>{engineLine(engine, index, count, FUEL_LABELS[engine.fuel], booking.hoursRecorded?.[index])}</li>
              ))}
            </ul>
          </BookingFact>
        ) : null}
        {marina ? <BookingFact label="Home marina">{marina}</BookingFact> : null}
      </dl>
      {mayRecordEngineHours(booking, user) ? <RecordEngineHoursForm bookingId={booking.id} boat={boat} recorded={booking.hoursRecorded} /> : null}
    </SectionCard>
  );
}

interface EngineHoursValues {
  hours: string[];
}

/** 'Record engine hours': one field per engine, in the boat's order; hours never go down (the server says so). */
function RecordEngineHoursForm({ bookingId, boat, recorded }: { bookingId: string; boat: BoatSnapshot; recorded: number[] | null }) {
  const record = useRecordBookingEngineHours();
  const count = boat.engines.length;
  const form = useForm<EngineHoursValues, unknown, z.output<typeof engineHoursSchema>>({
    resolver: formResolver<typeof engineHoursSchema, EngineHoursValues>(engineHoursSchema),
    defaultValues: { hours: boat.engines.map(() => '') },
  });
  const errors = form.formState.errors.hours;

  const onSubmit = form.handleSubmit((input) =>
    record.mutate(
      { id: bookingId, input },
      {
        onSuccess: () => {
          form.reset({ hours: boat.engines.map(() => '') });
          showToast({ title: 'Engine hours recorded', description: "The owner's maintenance schedule now counts from them." });
        },
        onError: (failure) => {
          showSubmitFailure(form, failure, { fallback: 'We could not record the engine hours' });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record engine hours" className="mt-5 flex flex-col gap-4 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">
        Read {count === 1 ? "the engine's hour meter" : "each engine's hour meter"} while you are with the boat. The owner&apos;s maintenance
        schedule counts from {count === 1 ? 'it' : 'them'}; hours cannot go down.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {boat.engines.map((engine, index) => {
          const id = `booking-engine-hours-${index}`;
          const error = errors?.[index]?.message;
          return (
            <FormField key={index} id={id} label={engineHoursLabel(index, count)} error={error}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder={recorded?.[index] !== undefined ? `Recorded: ${recorded[index]}` : engine.hours === null ? 'e.g. 1250' : `At booking: ${engine.hours}`}
                {...fieldAria(id, error)}
                {...form.register(`hours.${index}`)}
              />
            </FormField>
          );
        })}
      </div>
      {errors?.message ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.message}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="self-start" disabled={record.isPending}>
        {record.isPending ? 'Recording...' : 'Record engine hours'}
      </Button>
    </form>
  );
}
