import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallInfo, CallSummary } from '@common/video-call';
import { apiJson } from '../../lib/api-request';

export function getCallInfo(bookingId: string) {
  return apiJson<CallInfo>('GET', `/api/bookings/${encodeURIComponent(bookingId)}/call`);
}
// Whether the room is open changes with the clock: always asked afresh.
export const callInfoQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: ['/api/bookings', bookingId, 'call'], queryFn: () => getCallInfo(bookingId), staleTime: 0, retry: false });
/** A booking's call room for its owner or expert: open now or why not, and the ICE servers. */
export function useCallInfo(bookingId: string, enabled = true) {
  return useQuery({ ...callInfoQueryOptions(bookingId), enabled });
}

export function getUpcomingCalls() {
  return apiJson<CallSummary[]>('GET', '/api/calls');
}
export const upcomingCallsQueryOptions = () => queryOptions({ queryKey: ['/api/calls'], queryFn: getUpcomingCalls, staleTime: 0 });
/** The caller's confirmed video calls whose room has not closed yet. */
export function useUpcomingCalls() {
  return useQuery(upcomingCallsQueryOptions());
}
