import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import type { Expert } from '@common/experts';
import { isOutsideTravelArea } from '@common/travel-area';
import { BOAT_TYPES, BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { fieldAria } from '../../../components/ui/field-props';
import { fieldMessage, type OnsiteFormValues } from './form-values';

type TextField = 'boatAddress' | 'marinaName' | 'dockSlip' | 'contactPhone' | 'emergencyContact' | 'boatLength';

const LOCATION_FIELDS: { name: TextField; label: string; optional?: boolean; autoComplete?: string; placeholder?: string; type?: string }[] = [
  { name: 'boatAddress', label: 'Boat Address', autoComplete: 'street-address', placeholder: 'Street, city, state' },
  { name: 'marinaName', label: 'Marina Name', optional: true },
  { name: 'dockSlip', label: 'Dock/Slip Number', optional: true, placeholder: 'e.g. C-14' },
];

const CONTACT_FIELDS: typeof LOCATION_FIELDS = [
  { name: 'contactPhone', label: 'Contact Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'emergencyContact', label: 'Emergency Contact', optional: true, placeholder: 'Name and phone' },
];

/**
 * Too far for this expert's visits: a video consultation with them works from anywhere, or another expert
 * may be nearer the boat.
 */
function OutOfRangeChoices({ expert }: { expert: Expert }) {
  return (
    <p className="mt-2 text-sm text-slate-700">
      {expert.serviceTypes.includes('video') ? (
        <>
          <Link to={`/book-video?expertId=${expert.id}`} className="font-semibold text-navy-700 underline">
            Book a video consultation with {expert.name}
          </Link>
          , which works from anywhere, or{' '}
        </>
      ) : null}
      <Link to="/onsite-request" className="font-semibold text-navy-700 underline">
        {expert.serviceTypes.includes('video') ? 'find' : 'Find'} an expert nearer the boat
      </Link>
      .
    </p>
  );
}

/** Where the boat is, who to call, and what the boat is. */
export function OnsiteDetailsFields({ expert }: { expert?: Expert }) {
  const form = useFormContext<OnsiteFormValues>();
  const errors = form.formState.errors;

  const textField = (field: (typeof LOCATION_FIELDS)[number]) => {
    const error = fieldMessage(errors[field.name]?.message);
    return (
      <div key={field.name} className={field.name === 'boatAddress' ? 'sm:col-span-2' : undefined}>
        <FormField id={field.name} label={field.label} optional={field.optional} error={error}>
          <Input
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete ?? 'off'}
            placeholder={field.placeholder}
            {...fieldAria(field.name, error)}
            {...form.register(field.name)}
          />
        </FormField>
        {field.name === 'boatAddress' && expert && isOutsideTravelArea(error, expert.name) ? <OutOfRangeChoices expert={expert} /> : null}
      </div>
    );
  };
  const boatTypeError = fieldMessage(errors.boatType?.message);
  const boatLengthError = fieldMessage(errors.boatLength?.message);

  return (
    <>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold text-navy-800">Boat Location</legend>
        <div className="grid gap-4 sm:grid-cols-2">{LOCATION_FIELDS.map(textField)}</div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold text-navy-800">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">{CONTACT_FIELDS.map(textField)}</div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-semibold text-navy-800">Your Boat</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="boatType" label="Boat Type" error={boatTypeError}>
            <NativeSelect {...fieldAria('boatType', boatTypeError)} {...form.register('boatType')}>
              <option value="">Select boat type</option>
              {BOAT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BOAT_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="boatLength" label="Boat Length" optional error={boatLengthError}>
            <Input placeholder="e.g. 32 feet" autoComplete="off" {...fieldAria('boatLength', boatLengthError)} {...form.register('boatLength')} />
          </FormField>
        </div>
      </fieldset>
    </>
  );
}
