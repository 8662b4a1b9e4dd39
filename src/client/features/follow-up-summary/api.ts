import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingFollowUp, WriteFollowUpSummaryInput } from '@common/follow-up-summary';
import { apiJson } from '../../lib/api-request';
import { bookingKeys } from '../bookings';
import { allDashboardQueries } from '../dashboard';
import { workspaceKeys } from '../workspace';

const summaryPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}/summary`;

export function getFollowUp(id: string) {
  return apiJson<BookingFollowUp>('GET', summaryPath(id));
}
/** A booking's summary is under the booking's own key, so every change to bookings refreshes it too. */
export const followUpKeys = { ofBooking: (id: string) => [...bookingKeys.detail(id), 'summary'] as const };

export const followUpQueryOptions = (id: string) => queryOptions({ queryKey: followUpKeys.ofBooking(id), queryFn: () => getFollowUp(id), staleTime: 0 });
/** A booking's follow-up summary, and whether the caller may write it now. */
export function useFollowUp(id: string) {
  return useQuery(followUpQueryOptions(id));
}

export function writeFollowUp({ id, ...input }: WriteFollowUpSummaryInput & { id: string }) {
  return apiJson<BookingFollowUp>('PUT', summaryPath(id), input);
}
/** Writes or amends the summary (and may complete the booking): the booking, its lists and the workspace change. */
export function useWriteFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeFollowUp,
    onSuccess: async (followUp, { id }) => {
      queryClient.setQueryData(followUpQueryOptions(id).queryKey, followUp);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.consultations }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.bookings }),
        queryClient.invalidateQueries(allDashboardQueries),
      ]);
    },
  });
}
