import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useFormContext } from 'react-hook-form';
import type { ApplicationFormValues } from './form-values';
import { Checkbox } from './checkbox-field';
import { fieldError } from './field-error';
import { FormSection } from './form-section';

function ConsentError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} role="alert" className="ml-8 text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

export function ConsentsSection() {
  const { register, formState } = useFormContext<ApplicationFormValues>();
  const background = fieldError(formState.errors, 'backgroundCheck');
  const terms = fieldError(formState.errors, 'termsAccepted');
  return (
    <FormSection title="Agreements & Consents" icon={ShieldCheck}>
      <div className="flex flex-col gap-1.5">
        <Checkbox
          id="backgroundCheck"
          aria-invalid={background ? true : undefined}
          aria-describedby={background ? 'backgroundCheck-error' : undefined}
          label="I consent to a background check as part of the expert verification process."
          {...register('backgroundCheck')}
        />
        <ConsentError id="backgroundCheck" message={background} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Checkbox
          id="termsAccepted"
          aria-invalid={terms ? true : undefined}
          aria-describedby={terms ? 'termsAccepted-error' : undefined}
          label={
            <>
              I accept the{' '}
              <Link to="/terms" target="_blank" className="font-medium text-navy-700 underline underline-offset-2">
                terms and conditions
              </Link>{' '}
              for K&amp;B Marine experts.
            </>
          }
          {...register('termsAccepted')}
        />
        <ConsentError id="termsAccepted" message={terms} />
      </div>
    </FormSection>
  );
}
