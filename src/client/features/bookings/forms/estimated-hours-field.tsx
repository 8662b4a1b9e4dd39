import { useEffect } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { Expert } from '@common/experts';
import { ONSITE_HOUR_OPTIONS } from '@common/bookings-rules';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { fieldAria } from '../../../components/ui/field-props';
import { fieldMessage, type OnsiteFormValues } from './form-values';

/**
 * Estimated hours, 1 to 8: only those the expert accepts (their minimum visit and up) are offered, and
 * choosing an expert raises the current value to their minimum.
 */
export function EstimatedHoursField({ expert }: { expert?: Expert }) {
  const form = useFormContext<OnsiteFormValues>();
  const { field } = useController({ control: form.control, name: 'estimatedHours' });
  const minimum = Math.max(expert?.onsiteMinimumHours ?? 1, 1);
  const error = fieldMessage(form.formState.errors.estimatedHours?.message);
  const { setValue } = form;
  const hours = field.value;

  useEffect(() => {
    if (hours < minimum) setValue('estimatedHours', minimum);
  }, [hours, minimum, setValue]);

  return (
    <FormField id="estimatedHours" label="Estimated Hours" error={error}>
      <NativeSelect
        {...field}
        {...fieldAria('estimatedHours', error)}
        value={String(field.value)}
        onChange={(event) => field.onChange(Number(event.target.value))}
      >
        {ONSITE_HOUR_OPTIONS.filter((option) => option >= minimum).map((option) => (
          <option key={option} value={option}>
            {option} {option === 1 ? 'hour' : 'hours'}
          </option>
        ))}
      </NativeSelect>
      {expert && minimum > 1 ? (
        <p className="text-sm text-slate-600">
          {expert.name} books visits of at least {minimum} hours.
        </p>
      ) : null}
    </FormField>
  );
}
