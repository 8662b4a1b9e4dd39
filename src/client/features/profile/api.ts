import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, ProfileUpdateInput } from '@common/user';
import type { EmailChangeConfirmed, EmailChangeStatus } from '@common/profile-email-change';
import type { TimeZoneSettingInput } from '@common/profile-time-zone';
import { apiJson } from '../../lib/api-request';
import { CURRENT_USER_KEY } from '../../lib/session';

const EMAIL_CHANGE_KEY = ['/api/profile/email-change'] as const;

export function updateProfile(input: ProfileUpdateInput) {
  return apiJson<CurrentUser>('PATCH', '/api/profile', input);
}

/**
 * On success the current user is refetched, and the change of address waiting for
 * its link, which the save may have started.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_KEY }),
      ]),
  });
}

export const emailChangeQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_CHANGE_KEY, queryFn: () => apiJson<EmailChangeStatus>('GET', '/api/profile/email-change') });

/** The signed-in user's new address waiting for its confirmation link, if any. */
export function usePendingEmailChange() {
  return useQuery(emailChangeQueryOptions()).data?.pending ?? null;
}

export function confirmEmailChange(token: string) {
  return apiJson<EmailChangeConfirmed>('POST', '/api/profile/email-change/confirm', { token });
}

/** Follows a confirmation link; this browser's user and pending change are read afresh after it. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_KEY }),
      ]),
  });
}

export function setTimeZone(input: TimeZoneSettingInput) {
  return apiJson<CurrentUser>('PUT', '/api/profile/time-zone', input);
}

/** Saves the zone chosen in Settings; the current user is refetched with it. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
