import { Wrench } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { MIN_SERVICE_RADIUS } from '@common/expert-application';
import type { ApplicationFormValues } from './form-values';
import { Checkbox } from './checkbox-field';
import { fieldError } from './field-error';
import { FieldGrid, FormSection } from './form-section';
import { TextField } from './text-field';

export function ServiceSection() {
  const { register, formState } = useFormContext<ApplicationFormValues>();
  const typesError = fieldError(formState.errors, 'serviceTypes');
  return (
    <FormSection title="Service Information" icon={Wrench}>
      <div
        role="group"
        aria-labelledby="serviceTypes-label"
        aria-describedby={typesError ? 'serviceTypes-error serviceTypes-hint' : 'serviceTypes-hint'}
        className="flex flex-col gap-3"
      >
        <p id="serviceTypes-label" className="text-sm font-medium text-slate-800">
          Service Types
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <Checkbox id="serviceTypes-video" label="Video Consultations" value="video" {...register('serviceTypes')} />
          <Checkbox id="serviceTypes-onsite" label="Onsite Services" value="onsite" {...register('serviceTypes')} />
        </div>
        <p id="serviceTypes-hint" className="text-xs text-slate-500">
          Once you are approved, you set your video consultation rate (per 30 minutes) and your working hours in your expert workspace.
        </p>
        {typesError ? (
          <p id="serviceTypes-error" role="alert" className="text-sm text-red-600">
            {typesError}
          </p>
        ) : null}
      </div>
      <FieldGrid>
        <TextField name="onsiteRate" label="Onsite Rate (per hour)" inputMode="decimal" hint="In US dollars, such as 125." />
        <TextField name="serviceRadius" label="Service Radius (miles)" type="number" min={MIN_SERVICE_RADIUS} inputMode="numeric" hint="How far you travel for onsite work." />
      </FieldGrid>
    </FormSection>
  );
}
