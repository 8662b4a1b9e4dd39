import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@common/bookings';
import { MISSING_INFORMATION } from '@common/bookings-fields';
import { bookingKeys, useCreateBooking } from '../api';
import { goToSignIn, useAuth } from '../../../lib/session';
import { ApiError, errorText } from '../../../lib/api-request';
import { clearBookingDraft, saveBookingDraft, type BookingDraftKey } from '../../../lib/booking-draft';
import { showToast } from '../../../lib/toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { allPlaced, showServerFieldErrors } from '../../../lib/server-field-errors';

/**
 * Sends a valid form as a booking. A signed-out visitor's form is kept as a draft while they sign in and
 * come back; the server's field errors go back onto the fields (the maintenance task's onto the Boat field);
 * a time taken meanwhile refreshes the times.
 */
export function useBookingSubmit<V extends FieldValues & { preferredTime: string }, O>({
  form,
  draftKey,
  onBooked,
}: {
  form: UseFormReturn<V, unknown, O>;
  draftKey: BookingDraftKey;
  onBooked: (booking: Booking) => void;
}) {
  const { isAuthenticated } = useAuth();
  const create = useCreateBooking();
  const queryClient = useQueryClient();

  const signInAndComeBack = () => {
    saveBookingDraft(draftKey, form.getValues());
    goToSignIn();
  };

  const onError = (error: unknown, input: CreateBookingInput) => {
    if (error instanceof ApiError && error.status === 401) return signInAndComeBack();
    if (error instanceof ApiError && error.status === 409) {
      showToast({ title: 'Time no longer available', description: errorText(error, 'Please choose another time.'), variant: 'destructive' });
      form.setValue('preferredTime' as Path<V>, '' as PathValue<V, Path<V>>);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.expertSlots(Number(input.expertId)) });
      return;
    }
    let placed = showServerFieldErrors(form, error);
    // The maintenance task has no field of its own: its message shows on the Boat field it belongs to.
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
    if (fieldErrors.maintenanceTaskId && !fieldErrors.boatId && 'boatId' in form.getValues()) {
      form.setError('boatId' as Path<V>, { message: fieldErrors.maintenanceTaskId }, { shouldFocus: placed === 0 });
      placed += 1;
    }
    if (allPlaced(error, placed)) return;
    const message = errorText(error, 'We could not make this booking. Please try again.');
    showToast({ title: message === MISSING_INFORMATION ? 'Missing Information' : 'Error', description: message, variant: 'destructive' });
  };

  const submit = (input: CreateBookingInput) => {
    if (!isAuthenticated) return signInAndComeBack();
    create.mutate(
      { input, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (booking) => {
          clearBookingDraft(draftKey);
          onBooked(booking);
        },
        onError: (error) => onError(error, input),
      },
    );
  };

  return { submit, isPending: create.isPending };
}
