import { RequireAuth } from '../components/auth/require-auth';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { BookingsPanel } from '../components/workspace/bookings-panel';
import { PracticePanel } from '../components/workspace/practice-panel';

/** The expert workspace: the bookings to work and the practice to manage. */
export default function WorkspacePage() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-8">
        <PageHeader title="Expert Workspace" subtitle="Answer booking requests, run your consultations and visits, and manage your practice." />
        <BookingsPanel />
        <PracticePanel />
      </PageContainer>
    </RequireAuth>
  );
}
