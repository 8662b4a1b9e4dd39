import { useFieldArray, useForm } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import {
  BOAT_LIMITS,
  boatFormSchema,
  FUEL_LABELS,
  FUELS,
  HULL_TYPE_LABELS,
  HULL_TYPES,
  latestBoatYear,
  PROPULSION_LABELS,
  PROPULSIONS,
  type Boat,
  type BoatForm as BoatFormOutput,
} from '@common/boats';
import { BOAT_TYPE_LABELS, BOAT_TYPES } from '@common/bookings-fields';
import { Button } from '../../components/ui/button';
import { formResolver } from '../../lib/form-resolver';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useCreateBoat, useUpdateBoat } from './api';
import { boatFormValues, NEW_ENGINE, type BoatFormValues } from './boat-form-values';
import { choicesOf, SelectField, TextField } from './form-controls';

const BOAT_TYPE_CHOICES = choicesOf(BOAT_TYPES, BOAT_TYPE_LABELS);
const HULL_CHOICES = choicesOf(HULL_TYPES, HULL_TYPE_LABELS);
const PROPULSION_CHOICES = choicesOf(PROPULSIONS, PROPULSION_LABELS);
const FUEL_CHOICES = choicesOf(FUELS, FUEL_LABELS);

/**
 * Adds a boat, or edits one: what it is, where it is kept, and its engines (up to four). Checked with the
 * schema the server checks; the server's field messages land on the fields, `engines.0.make` included.
 */
export function BoatForm({ boat, onSaved, onCancel }: { boat?: Boat; onSaved: (boat: Boat) => void; onCancel: () => void }) {
  const form = useForm<BoatFormValues, unknown, BoatFormOutput>({
    resolver: formResolver<typeof boatFormSchema, BoatFormValues>(boatFormSchema),
    defaultValues: boatFormValues(boat),
  });
  const engines = useFieldArray({ control: form.control, name: 'engines' });
  const create = useCreateBoat();
  const update = useUpdateBoat();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const { register } = form;
  const maxYear = latestBoatYear();

  // mutateAsync, not mutate's callbacks: adding the first boat replaces the empty state this form sits in,
  // and a callback of an unmounted mutation observer never runs.
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = boat ? await update.mutateAsync({ id: boat.id, input }) : await create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() });
      showToast({ title: boat ? 'Boat updated' : 'Boat added', description: boat ? `${saved.name} is up to date.` : `${saved.name} is in My Boats.` });
      onSaved(saved);
    } catch (failure) {
      showSubmitFailure(form, failure, { fallback: boat ? 'Failed to save the boat' : 'Failed to add the boat' });
    }
  });

  const id = (name: string) => `boat-${name}`;
  const enginesError = errors.engines?.message ?? errors.engines?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-navy-800">The boat</legend>
        <TextField id={id('name')} label="Name" maxLength={BOAT_LIMITS.name} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id={id('type')} label="Type" placeholder="Choose the type" options={BOAT_TYPE_CHOICES} error={errors.boatType?.message} {...register('boatType')} />
          <TextField id={id('make')} label="Make" optional maxLength={BOAT_LIMITS.make} placeholder="e.g. Grady-White" error={errors.make?.message} {...register('make')} />
          <TextField id={id('model')} label="Model" optional maxLength={BOAT_LIMITS.model} placeholder="e.g. 209 Escape" error={errors.model?.message} {...register('model')} />
          <TextField
            id={id('year')}
            label="Year"
            optional
            inputMode="numeric"
            placeholder={`${BOAT_LIMITS.minYear}–${maxYear}`}
            error={errors.year?.message}
            {...register('year')}
          />
          <TextField id={id('length')} label="Length (ft)" optional inputMode="decimal" placeholder="e.g. 20.5" error={errors.lengthFeet?.message} {...register('lengthFeet')} />
          <SelectField id={id('hull')} label="Hull type" placeholder="Choose the hull type" options={HULL_CHOICES} error={errors.hullType?.message} {...register('hullType')} />
          <SelectField
            id={id('propulsion')}
            label="Propulsion"
            placeholder="Choose how it is driven"
            options={PROPULSION_CHOICES}
            error={errors.propulsion?.message}
            {...register('propulsion')}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-navy-800">Where it is kept</legend>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <TextField id={id('marina')} label="Home marina" optional maxLength={BOAT_LIMITS.marina} error={errors.homeMarina?.message} {...register('homeMarina')} />
          <TextField id={id('slip')} label="Slip" optional maxLength={BOAT_LIMITS.slip} error={errors.slip?.message} {...register('slip')} />
          <TextField
            id={id('zip')}
            label="Home ZIP"
            optional
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            error={errors.homeZip?.message}
            {...register('homeZip')}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-navy-800">Engines</legend>
        <p className="-mt-1 text-sm text-slate-600">Each engine with its hours, so experts know what they will work on and hour-based maintenance comes due on time.</p>
        {engines.fields.length > 0 ? (
          <ol className="flex flex-col gap-3">
            {engines.fields.map((field, index) => {
              const number = index + 1;
              const engineErrors = errors.engines?.[index];
              const engineId = (name: string) => id(`engine-${index}-${name}`);
              return (
                <li key={field.id}>
                  {/* Named, so 'Make' here is heard as Engine 1's make, not the boat's. */}
                  <fieldset aria-label={`Engine ${number}`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="text-sm font-semibold text-slate-900">Engine {number}</h3>
                      <Button type="button" variant="ghost" size="sm" aria-label={`Remove engine ${number}`} onClick={() => engines.remove(index)}>
                        <Trash2 aria-hidden /> Remove
                      </Button>
                    </div>
                    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                      <TextField id={engineId('make')} label="Make" maxLength={BOAT_LIMITS.make} placeholder="e.g. Yamaha" error={engineErrors?.make?.message} {...register(`engines.${index}.make`)} />
                      <TextField id={engineId('model')} label="Model" optional maxLength={BOAT_LIMITS.model} error={engineErrors?.model?.message} {...register(`engines.${index}.model`)} />
                      <TextField id={engineId('year')} label="Year" optional inputMode="numeric" error={engineErrors?.year?.message} {...register(`engines.${index}.year`)} />
                      <TextField id={engineId('hours')} label="Hours" optional inputMode="numeric" error={engineErrors?.hours?.message} {...register(`engines.${index}.hours`)} />
                      <SelectField
                        id={engineId('fuel')}
                        label="Fuel"
                        placeholder="Choose the fuel"
                        options={FUEL_CHOICES}
                        error={engineErrors?.fuel?.message}
                        {...register(`engines.${index}.fuel`)}
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">No engines listed.</p>
        )}
        {enginesError ? (
          <p role="alert" className="text-sm text-red-600">
            {enginesError}
          </p>
        ) : null}
        {engines.fields.length < BOAT_LIMITS.engines ? (
          <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => engines.append({ ...NEW_ENGINE })}>
            <Plus aria-hidden /> Add an engine
          </Button>
        ) : (
          <p className="text-sm text-slate-600">A boat can have up to {BOAT_LIMITS.engines} engines.</p>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : boat ? 'Save changes' : 'Add boat'}
        </Button>
      </div>
    </form>
  );
}
