import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddExternalCalendarInput, ExternalCalendar, WorkspaceCalendars } from '@common/external-calendars';
import { apiJson, apiRequest } from '../../lib/api-request';
import { expertKeys } from '../experts';

/** The calendars' query key: the request's path, which the default fetcher (lib/query-client.ts) reads. */
export const externalCalendarKeys = { list: ['/api/workspace/calendars'] as const };

/** A calendar just added is read within seconds: the list is asked again until it has been. */
const waitingForFirstRead = (data: WorkspaceCalendars | undefined) => !!data?.calendars.some((c) => !c.lastSuccessAt && !c.lastError);

export function getExternalCalendars() {
  return apiJson<WorkspaceCalendars>('GET', '/api/workspace/calendars');
}
export const externalCalendarsQueryOptions = () =>
  queryOptions({
    queryKey: externalCalendarKeys.list,
    queryFn: getExternalCalendars,
    refetchInterval: (query) => (waitingForFirstRead(query.state.data) ? 2000 : false),
  });
export function useExternalCalendars() {
  return useQuery(externalCalendarsQueryOptions());
}

/** What a calendar added or removed changes: the list, and the free times owners see. */
function useInvalidateCalendars() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: externalCalendarKeys.list }), queryClient.invalidateQueries({ queryKey: expertKeys.all })]);
}

export function useAddExternalCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({
    mutationFn: (input: AddExternalCalendarInput) => apiJson<ExternalCalendar>('POST', '/api/workspace/calendars', input),
    onSuccess: () => invalidate(),
  });
}

export function useRemoveExternalCalendar() {
  const invalidate = useInvalidateCalendars();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/workspace/calendars/${id}`),
    onSuccess: () => invalidate(),
  });
}
