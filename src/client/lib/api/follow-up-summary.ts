import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingFollowUp, WriteFollowUpSummaryInput } from '@common/follow-up-summary';
import { apiJson } from '../api-request';

const summaryPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}/summary`;

export function getFollowUp(id: string) {
  return apiJson<BookingFollowUp>('GET', summaryPath(id));
}
// Under the bookings key, so every change to bookings refreshes it too.
export const followUpQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/bookings', id, 'summary'], queryFn: () => getFollowUp(id), staleTime: 0 });
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
        queryClient.invalidateQueries({ queryKey: ['/api/bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/consultations'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/workspace/bookings'] }),
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/dashboard') }),
      ]);
    },
  });
}
