/**
 * A booking form's unsent state, kept in sessionStorage while a signed-out visitor goes to sign in, so the
 * form comes back as they left it. Session storage: the draft stays in this tab and ends with it.
 */

export type BookingDraftKey = 'video' | 'service-video' | 'onsite';

const storageKey = (form: BookingDraftKey) => `kb-booking-draft:${form}`;

export function saveBookingDraft(form: BookingDraftKey, values: Record<string, unknown>) {
  try {
    sessionStorage.setItem(storageKey(form), JSON.stringify(values));
  } catch {
    // Storage full or disabled (private mode): the visitor signs in and types again; nothing else breaks.
  }
}

export function readBookingDraft(form: BookingDraftKey): Record<string, unknown> | null {
  try {
    const text = sessionStorage.getItem(storageKey(form));
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function clearBookingDraft(form: BookingDraftKey) {
  try {
    sessionStorage.removeItem(storageKey(form));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
