import { useFormContext } from 'react-hook-form';
import { APPLICATION_SPECIALTIES } from '@common/expert-application';
import { FormField } from '../../components/ui/form-field';
import type { ApplicationFormValues } from './form-values';
import { fieldError } from './field-error';

/** Primary specialty: the ten choices of docs/PRODUCT.md#expert-application. */
export function SpecialtyField() {
  const { register, formState } = useFormContext<ApplicationFormValues>();
  const error = fieldError(formState.errors, 'specialty');
  return (
    <FormField id="specialty" label="Primary Specialty" error={error}>
      <select
        id="specialty"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'specialty-error' : undefined}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-navy-500 focus-visible:outline-2 focus-visible:outline-navy-200 aria-invalid:border-red-500 sm:text-sm"
        {...register('specialty')}
      >
        <option value="">Select your specialty</option>
        {APPLICATION_SPECIALTIES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.value}
          </option>
        ))}
      </select>
    </FormField>
  );
}
