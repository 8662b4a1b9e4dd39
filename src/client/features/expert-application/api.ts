import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationStatusView, ApplicationSummary, ExpertApplicationInput } from '@common/expert-application';
import { ApiError, apiJson } from '../../lib/api-request';
import { CURRENT_USER_KEY } from '../../lib/session';

const APPLICATION_KEY = ['/api/expert/application'] as const;

/** The caller's latest application, or null before they ever applied (404). */
export async function getMyApplication(): Promise<ApplicationStatusView | null> {
  try {
    return await apiJson<ApplicationStatusView>('GET', '/api/expert/application');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myApplicationQueryOptions = () => queryOptions({ queryKey: APPLICATION_KEY, queryFn: getMyApplication });

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions());
}

export function submitApplication(input: ExpertApplicationInput) {
  return apiJson<ApplicationSummary>('POST', '/api/expert/apply', input);
}

/**
 * Applying marks the account pending, so the current user is read again along with the application.
 * The reads are not awaited: the caller's own onSuccess (the 'Application Submitted!' page) must run
 * before the refreshed application replaces the form it belongs to.
 */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: APPLICATION_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
