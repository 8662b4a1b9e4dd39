import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, ProfileUpdateInput } from '@common/user';
import { apiJson } from '../api-request';
import { CURRENT_USER_KEY } from './auth';

export function updateProfile(input: ProfileUpdateInput) {
  return apiJson<CurrentUser>('PATCH', '/api/profile', input);
}

/** On success the current user is refetched (spec 000 section 7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
