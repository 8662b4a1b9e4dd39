import type { FieldErrors } from 'react-hook-form';
import type { ApplicationFormValues } from './form-values';

/** A control's id from its form path: 'references.0.name' → 'references-0-name' (no dots for CSS selectors). */
export function fieldId(name: string): string {
  return name.replaceAll('.', '-');
}

/** The message at a dotted path of the form's errors (a list's own message may sit in its `root`). */
export function fieldError(errors: FieldErrors<ApplicationFormValues>, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (!node || typeof node !== 'object') return undefined;
  const { message, root } = node as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}
