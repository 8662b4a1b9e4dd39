import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { fieldAria } from '../../../components/ui/field-props';
import { fieldMessage, type VideoFormValues } from './form-values';

/** What is wrong, in the owner's words. */
export function DescriptionField({ placeholder }: { placeholder: string }) {
  const form = useFormContext<VideoFormValues>();
  const error = fieldMessage(form.formState.errors.description?.message);
  return (
    <FormField id="description" label="Describe the Issue" error={error}>
      <Textarea rows={5} maxLength={4000} placeholder={placeholder} {...fieldAria('description', error)} {...form.register('description')} />
    </FormField>
  );
}
