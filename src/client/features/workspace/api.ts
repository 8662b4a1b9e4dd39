import type { OnsiteCompletionInput } from '@common/invoices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@common/bookings';
import type {
  CreateDayOffInput,
  DayOff,
  UpdateWorkspaceProfileInput,
  WorkingHours,
  WorkingHoursAnswer,
  WorkspaceBookings,
  WorkspaceProfile,
} from '@common/workspace';
import { apiForm, apiJson, apiRequest } from '../../lib/api-request';
import { bookingKeys } from '../bookings';
import { expertKeys } from '../experts';

/** The workspace's query keys: each the request's path, which the default fetcher (lib/query-client.ts) reads. */
export const workspaceKeys = {
  profile: ['/api/workspace/profile'] as const,
  bookings: ['/api/workspace/bookings'] as const,
  hours: ['/api/workspace/hours'] as const,
  daysOff: ['/api/workspace/days-off'] as const,
};

export function getWorkspaceProfile() {
  return apiJson<WorkspaceProfile>('GET', '/api/workspace/profile');
}
export const workspaceProfileQueryOptions = () =>
  queryOptions({ queryKey: workspaceKeys.profile, queryFn: getWorkspaceProfile, staleTime: 0, retry: false });
/** The caller's own expert profile; a 404 means the account has none (not approved yet). */
export function useWorkspaceProfile(enabled = true) {
  return useQuery({ ...workspaceProfileQueryOptions(), enabled });
}

export function getWorkspaceBookings() {
  return apiJson<WorkspaceBookings>('GET', '/api/workspace/bookings');
}
export const workspaceBookingsQueryOptions = () =>
  // Owners book at any time: the list is never older than a minute.
  queryOptions({ queryKey: workspaceKeys.bookings, queryFn: getWorkspaceBookings, staleTime: 60_000 });
export function useWorkspaceBookings() {
  return useQuery(workspaceBookingsQueryOptions());
}

export function getWorkingHours() {
  return apiJson<WorkingHoursAnswer>('GET', '/api/workspace/hours');
}
export const workingHoursQueryOptions = () => queryOptions({ queryKey: workspaceKeys.hours, queryFn: getWorkingHours });
export function useWorkingHours() {
  return useQuery(workingHoursQueryOptions());
}

export function getDaysOff() {
  return apiJson<DayOff[]>('GET', '/api/workspace/days-off');
}
export const daysOffQueryOptions = () => queryOptions({ queryKey: workspaceKeys.daysOff, queryFn: getDaysOff });
export function useDaysOff() {
  return useQuery(daysOffQueryOptions());
}

/** What a change to the practice can alter elsewhere: the listings and the free times. */
function useInvalidatePractice() {
  const queryClient = useQueryClient();
  return (profile?: WorkspaceProfile) => {
    if (profile) queryClient.setQueryData(workspaceKeys.profile, profile);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: expertKeys.all }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.hours }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.daysOff }),
    ]);
  };
}

export function updateWorkspaceProfile(input: UpdateWorkspaceProfileInput) {
  return apiJson<WorkspaceProfile>('PATCH', '/api/workspace/profile', input);
}
export function useUpdateWorkspaceProfile() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: updateWorkspaceProfile, onSuccess: (profile) => invalidate(profile) });
}

export function saveWorkingHours(hours: WorkingHours) {
  return apiJson<WorkingHoursAnswer>('PUT', '/api/workspace/hours', hours);
}
export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePractice();
  return useMutation({
    mutationFn: saveWorkingHours,
    onSuccess: async (saved) => {
      queryClient.setQueryData(workspaceKeys.hours, saved);
      await invalidate();
    },
  });
}

export function addDayOff(input: CreateDayOffInput) {
  return apiJson<DayOff>('POST', '/api/workspace/days-off', input);
}
export function useAddDayOff() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: addDayOff, onSuccess: () => invalidate() });
}

export async function removeDayOff(date: string) {
  await apiRequest('DELETE', `/api/workspace/days-off/${encodeURIComponent(date)}`);
}
export function useRemoveDayOff() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: removeDayOff, onSuccess: () => invalidate() });
}

export function uploadProfilePhoto(photo: File) {
  const form = new FormData();
  form.append('photo', photo);
  return apiForm<WorkspaceProfile>('/api/workspace/photo', form);
}
export function useUploadProfilePhoto() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: uploadProfilePhoto, onSuccess: (profile) => invalidate(profile) });
}

export function removeProfilePhoto() {
  return apiJson<WorkspaceProfile>('DELETE', '/api/workspace/photo');
}
export function useRemoveProfilePhoto() {
  const invalidate = useInvalidatePractice();
  return useMutation({ mutationFn: removeProfilePhoto, onSuccess: (profile) => invalidate(profile) });
}

export type ExpertBookingAction = 'confirm' | 'decline' | 'complete' | 'no-show';

/** The expert's answers go through the bookings' own endpoints, where the state machine is enforced. */
export function answerBooking({ id, action, reason, completion }: { id: string; action: ExpertBookingAction; reason?: string; completion?: OnsiteCompletionInput }) {
  return apiJson<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(id)}/${action}`, completion ?? (reason ? { reason } : {}));
}
export function useAnswerBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerBooking,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: expertKeys.all }),
      ]),
  });
}
