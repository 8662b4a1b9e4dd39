import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminExpert, AdminExpertDetail, SuspendedExpert } from '@common/admin-experts';
import { apiJson, apiRequest } from '../../lib/api-request';
import { expertKeys } from '../experts';

const ADMIN_EXPERTS_KEY = ['/api/admin/experts'] as const;

export function getAdminExperts() {
  return apiJson<AdminExpert[]>('GET', '/api/admin/experts');
}
export const adminExpertsQueryOptions = () =>
  // Not retried on failure: a signed-out or forbidden caller stays so.
  queryOptions({ queryKey: ADMIN_EXPERTS_KEY, queryFn: getAdminExperts, retry: false, staleTime: 0 });
/** Every expert with their status, for administrators. */
export function useAdminExperts(enabled = true) {
  return useQuery({ ...adminExpertsQueryOptions(), enabled });
}

export function getAdminExpertDetail(id: number) {
  return apiJson<AdminExpertDetail>('GET', `/api/admin/experts/${id}`);
}
export const adminExpertDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ADMIN_EXPERTS_KEY, id], queryFn: () => getAdminExpertDetail(id), retry: false, staleTime: 0 });
/** One expert's application in full and the decisions about them. */
export function useAdminExpertDetail(id: number, enabled: boolean) {
  return useQuery({ ...adminExpertDetailQueryOptions(id), enabled });
}

export interface ExpertDecisionInput {
  id: number;
  reason?: string;
}

export const approveExpert = ({ id }: ExpertDecisionInput) => apiJson<AdminExpert>('PUT', `/api/admin/experts/${id}/approve`);
export const suspendExpert = ({ id, reason }: ExpertDecisionInput) => apiJson<SuspendedExpert>('PUT', `/api/admin/experts/${id}/suspend`, { reason });
export const reinstateExpert = ({ id, reason }: ExpertDecisionInput) =>
  apiJson<AdminExpert>('PUT', `/api/admin/experts/${id}/reinstate`, reason ? { reason } : undefined);
export const rejectExpert = async ({ id, reason }: ExpertDecisionInput) => {
  await apiRequest('PUT', `/api/admin/experts/${id}/reject`, { reason });
};

/** A decision on an expert; afterwards the admin list and the public listings are read again. */
function useExpertDecision<T>(decide: (input: ExpertDecisionInput) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_EXPERTS_KEY }),
        queryClient.invalidateQueries({ queryKey: expertKeys.all }),
      ]);
    },
  });
}

export const useApproveExpert = () => useExpertDecision(approveExpert);
export const useSuspendExpert = () => useExpertDecision(suspendExpert);
export const useReinstateExpert = () => useExpertDecision(reinstateExpert);
export const useRejectExpert = () => useExpertDecision(rejectExpert);
