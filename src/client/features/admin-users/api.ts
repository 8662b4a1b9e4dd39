import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser, type AdminUserUpdate } from '@common/admin-users';
import type { Role, UserStatus } from '@common/roles';
import { ApiError, apiJson, apiRequest } from '../../lib/api-request';
import { CURRENT_USER_KEY } from '../../lib/session';

/** The screen's filters; 'all' and empty text are not sent. */
export interface AdminUserFilters {
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
}

export interface AdminUserPage {
  users: AdminUser[];
  /** All users matching the filters, from `X-Total-Count`. */
  total: number;
}

function queryString(filters: AdminUserFilters, offset: number): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.role !== 'all') params.set('role', filters.role);
  if (filters.status !== 'all') params.set('status', filters.status);
  params.set('limit', String(ADMIN_USERS_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

export async function getAdminUsers(filters: AdminUserFilters, offset = 0): Promise<AdminUserPage> {
  const response = await apiRequest('GET', `/api/admin/users?${queryString(filters, offset)}`);
  const users = (await response.json()) as AdminUser[];
  const total = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
  return { users, total: Number.isFinite(total) ? total : users.length };
}

const ADMIN_USERS_KEY = '/api/admin/users';

/** Signed out or not an administrator: asking again will not change the answer. */
const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const adminUsersQueryOptions = (filters: AdminUserFilters) =>
  infiniteQueryOptions({
    queryKey: [ADMIN_USERS_KEY, filters],
    queryFn: ({ pageParam }) => getAdminUsers(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.users.length, 0);
      return lastPage.users.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 1,
    // Keeps the list on screen while a changed filter loads.
    placeholderData: keepPreviousData,
  });

/** The users matching the filters, in pages of ADMIN_USERS_PAGE_SIZE for 'Load more'. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useInfiniteQuery(adminUsersQueryOptions(filters));
}

export function updateAdminUser({ id, input }: { id: string; input: AdminUserUpdate }) {
  return apiJson<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, input);
}

export function deleteAdminUser(id: string) {
  return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}`);
}

/** On success the list is refetched. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: async () => {
      // An administrator may have edited their own account.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
    },
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] }),
  });
}
