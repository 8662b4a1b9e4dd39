import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@common/bookings';
import { bookingKeys } from './api';
import { ApiError } from '../../lib/api-request';

/**
 * A refused change (409) means things moved on elsewhere (the expert declined, another tab cancelled,
 * someone took the time): read the booking and the expert's free times again, so the page shows what is
 * true now beside the server's message.
 */
export function useRefreshOnConflict(booking: Pick<Booking, 'id' | 'expert'>) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 409) return;
    void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.expertSlots(booking.expert.id) });
  };
}
