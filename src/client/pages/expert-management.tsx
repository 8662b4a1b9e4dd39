import { RequireAuth } from '../components/auth/require-auth';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { ExpertManagementScreen } from '../components/expert-management/expert-management-screen';
import { NotPermitted } from '../components/expert-management/not-permitted';
import { useAuth } from '../lib/api/auth';

/** /expert-management: administrators review applications and approve, suspend, reinstate or reject experts. */
export default function ExpertManagementPage() {
  const { user } = useAuth();
  return (
    <RequireAuth>
      <PageContainer>
        {user?.role === 'admin' ? (
          <>
            <PageHeader title="Expert Management" subtitle="Manage expert applications and approvals" />
            <ExpertManagementScreen />
          </>
        ) : (
          <NotPermitted />
        )}
      </PageContainer>
    </RequireAuth>
  );
}
