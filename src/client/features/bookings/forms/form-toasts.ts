import type { FieldErrors } from 'react-hook-form';
import { DATE_REQUIRED, DESCRIPTION_REQUIRED, MISSING_INFORMATION } from '@common/bookings-fields';
import { showToast } from '../../../lib/toast';

const BLANK_MESSAGES = new Set([MISSING_INFORMATION, DESCRIPTION_REQUIRED, DATE_REQUIRED]);

function messages(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((error) => (typeof error?.message === 'string' ? [error.message] : []));
}

/** /book-video and /book-onsite (docs/PRODUCT.md#booking-rules): one toast for any missing required field. */
export function toastMissingInformation(errors: FieldErrors) {
  const all = messages(errors);
  if (all.some((message) => BLANK_MESSAGES.has(message))) {
    showToast({ title: 'Missing Information', description: MISSING_INFORMATION, variant: 'destructive' });
  } else if (all[0]) {
    showToast({ title: 'Please check the form', description: all[0], variant: 'destructive' });
  }
}

/**
 * /book-service's generic video form: the description first, then the date, each with its own words;
 * anything else missing (the time) as on the other forms.
 */
export function toastGenericVideoForm(errors: FieldErrors) {
  if (errors.description?.message === DESCRIPTION_REQUIRED) {
    showToast({ title: 'Missing Information', description: DESCRIPTION_REQUIRED, variant: 'destructive' });
  } else if (errors.scheduledDate?.message === DATE_REQUIRED) {
    showToast({ title: 'Missing Information', description: DATE_REQUIRED, variant: 'destructive' });
  } else {
    toastMissingInformation(errors);
  }
}
