import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-request';

/**
 * Puts a failed request's field messages next to the form's fields (the server checks with the form's own
 * schema, so its paths are the form's), focusing the first. Fields the form does not have are left to the
 * toast. Answers how many messages it placed.
 */
export function showServerFieldErrors<V extends FieldValues>(form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>, failure: unknown): number {
  if (!(failure instanceof ApiError)) return 0;
  const values = form.getValues();
  const placed = Object.entries(failure.fieldErrors).filter(([path]) => path.split('.')[0]! in values);
  placed.forEach(([path, message], i) => form.setError(path as Path<V>, { message }, { shouldFocus: i === 0 }));
  return placed.length;
}
