import { Users } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import type { ApplicationFormValues } from './form-values';
import { fieldError } from './field-error';
import { FieldGrid, FormSection } from './form-section';
import { TextField } from './text-field';

/** Two reference blocks (the minimum); the list's own message shows above them. */
export function ReferencesSection() {
  const { formState, getValues } = useFormContext<ApplicationFormValues>();
  const listError = fieldError(formState.errors, 'references');
  return (
    <FormSection title="Professional References" icon={Users} description="Two people who know your marine work: an employer, a marina manager or a regular client.">
      {listError ? (
        <p id="references-error" role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      ) : null}
      {getValues('references').map((_, index) => (
        <div key={index} role="group" aria-labelledby={`reference-${index}-title`} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
          <h3 id={`reference-${index}-title`} className="mb-3 text-sm font-semibold text-slate-800">
            Reference {index + 1}
          </h3>
          <FieldGrid>
            <TextField name={`references.${index}.name`} label="Full Name" />
            <TextField name={`references.${index}.company`} label="Company/Organization" />
            <TextField name={`references.${index}.phone`} label="Phone Number" type="tel" />
            <TextField name={`references.${index}.relationship`} label="Professional Relationship" placeholder="Former employer, client..." />
          </FieldGrid>
        </div>
      ))}
    </FormSection>
  );
}
