import type { ComponentProps } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import type { ApplicationFormValues } from './form-values';
import { fieldError, fieldId } from './field-error';

type Props = {
  name: FieldPath<ApplicationFormValues>;
  label: string;
  optional?: boolean;
  hint?: string;
  multiline?: boolean;
} & Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'inputMode' | 'min' | 'placeholder'>;

/** One text control of the application with its label, hint and validation message under it. */
export function TextField({ name, label, optional, hint, multiline, ...inputProps }: Props) {
  const { register, formState } = useFormContext<ApplicationFormValues>();
  const id = fieldId(name);
  const error = fieldError(formState.errors, name);
  // The message takes the hint's place, right under the control: both at once read as clutter.
  const showHint = hint && !error;
  const describedBy = showHint ? `${id}-hint` : error ? `${id}-error` : undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, ...register(name) };
  return (
    <FormField id={id} label={label} optional={optional} error={error}>
      {multiline ? (
        <Textarea rows={4} placeholder={inputProps.placeholder} {...common} />
      ) : (
        <Input type={inputProps.type ?? 'text'} {...inputProps} {...common} />
      )}
      {showHint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </FormField>
  );
}
