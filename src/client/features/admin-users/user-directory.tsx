import { Users } from 'lucide-react';
import type { AdminUser } from '@common/admin-users';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { UserList } from './user-list';

/** The list card: its count in the title, the users, and more on request. */
export function UserDirectory({
  users,
  total,
  currentUserId,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  users: AdminUser[];
  total: number;
  currentUserId: string | undefined;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <Card aria-busy={loading}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden className="size-5 text-navy-600" />
          Users ({total})
        </CardTitle>
        {loading ? <Spinner label="Updating the list" className="[&>span]:size-5 [&>span]:border-2" /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {users.length === 0 ? (
          <p className="py-10 text-center text-slate-600">No users found matching your criteria.</p>
        ) : (
          <UserList users={users} currentUserId={currentUserId} />
        )}
        {hasMore ? (
          <div className="flex flex-col items-center gap-2 pt-2">
            <p className="text-sm text-slate-600">
              Showing {users.length} of {total}
            </p>
            <Button variant="outline" onClick={onLoadMore} disabled={loadingMore} className="min-w-40">
              {loadingMore ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
