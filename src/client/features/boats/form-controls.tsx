import type { ComponentProps } from 'react';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { fieldAria } from '../../components/ui/field-props';

/** A labelled text input with its message: the boats' forms' one-line fields. */
export function TextField({ id, label, optional, error, ...input }: { id: string; label: string; optional?: boolean; error?: string } & ComponentProps<'input'>) {
  return (
    <FormField id={id} label={label} optional={optional} error={error}>
      <Input {...input} {...fieldAria(id, error)} />
    </FormField>
  );
}

/** A labelled native select of labelled values, with a first empty choice that asks. */
export function SelectField({
  id,
  label,
  optional,
  error,
  placeholder,
  options,
  ...select
}: { id: string; label: string; optional?: boolean; error?: string; placeholder: string; options: readonly { value: string; label: string }[] } & ComponentProps<'select'>) {
  return (
    <FormField id={id} label={label} optional={optional} error={error}>
      <NativeSelect {...select} {...fieldAria(id, error)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The choices of a labelled list of values, in its order. */
export function choicesOf<K extends string>(values: readonly K[], labels: Record<K, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
