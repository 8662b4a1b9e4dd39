import { useEffect, useState } from 'react';
import { PageContainer, PageHeader } from '../app/page-header';
import { LoadFailed } from '../components/ui/load-failed';
import { NotPermitted, UserDirectory, UserFilters, LOGGED_OUT_TOAST, useAdminUsers, type AdminUserFilters } from '../features/admin-users';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/session';
import { ApiError } from '../lib/api-request';
import { handleUnauthorized, isUnauthorized } from '../lib/unauthorized';

const ALL: AdminUserFilters = { search: '', role: 'all', status: 'all' };

export default function UserManagementPage() {
  const [filters, setFilters] = useState<AdminUserFilters>(ALL);
  const users = useAdminUsers(filters);
  const { user: me } = useAuth();
  const forbidden = users.error instanceof ApiError && users.error.status === 403;

  // The server decides who may see the list: signed out, the toast and then the sign-in page.
  useEffect(() => {
    handleUnauthorized(users.error, LOGGED_OUT_TOAST);
  }, [users.error]);

  const pages = users.data?.pages ?? [];
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader title="User Management" subtitle="Find accounts, edit their details, roles and status, or remove them" />
      {forbidden ? (
        <NotPermitted />
      ) : users.isPending || isUnauthorized(users.error) ? (
        <Spinner label="Loading users..." className="py-16" />
      ) : users.isError && pages.length === 0 ? (
        <LoadFailed what="the users" onRetry={() => void users.refetch()} />
      ) : (
        <>
          <UserFilters filters={filters} onChange={setFilters} />
          <UserDirectory
            users={pages.flatMap((page) => page.users)}
            total={pages[0]?.total ?? 0}
            currentUserId={me?.id}
            loading={users.isPlaceholderData}
            hasMore={users.hasNextPage}
            loadingMore={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        </>
      )}
    </PageContainer>
  );
}
