import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorText } from './api-request';
import { showToast } from './toast';

type FormErrorTarget<V extends FieldValues> = Pick<UseFormReturn<V>, 'getValues' | 'setError'>;

/**
 * Puts a failed request's field messages next to the form's fields (the server checks with the form's own
 * schema, so its paths are the form's), focusing the first. Fields the form does not have are left to the
 * toast. Answers how many messages it placed.
 */
export function showServerFieldErrors<V extends FieldValues>(form: FormErrorTarget<V>, failure: unknown): number {
  if (!(failure instanceof ApiError)) return 0;
  const values = form.getValues();
  const placed = Object.entries(failure.fieldErrors).filter(([path]) => path.split('.')[0]! in values);
  placed.forEach(([path, message], i) => form.setError(path as Path<V>, { message }, { shouldFocus: i === 0 }));
  return placed.length;
}

/** Every message of the refusal stands beside its field (`placed` of them were put there). */
export function allPlaced(failure: unknown, placed: number): boolean {
  return failure instanceof ApiError && placed > 0 && placed === Object.keys(failure.fieldErrors).length;
}

/**
 * A form's failed submit, each message shown once (docs/PRODUCT.md#requests-and-errors): the server's field
 * messages beside their fields, and a toast only for what no field shows (a refusal of the whole request, a
 * field the form lacks, a lost connection).
 */
export function showSubmitFailure<V extends FieldValues>(form: FormErrorTarget<V>, failure: unknown, toast: { title?: string; fallback: string }): void {
  if (allPlaced(failure, showServerFieldErrors(form, failure))) return;
  showToast({ title: toast.title ?? 'Error', description: errorText(failure, toast.fallback), variant: 'destructive' });
}
