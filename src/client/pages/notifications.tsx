import { RequireAuth } from '../features/auth';
import { NotificationList } from '../features/notifications';
import { PageContainer, PageHeader } from '../app/page-header';

export default function NotificationsPage() {
  return (
    <RequireAuth>
      <PageContainer className="max-w-3xl">
        <PageHeader title="Notifications" subtitle="Booking requests and changes, messages, invoices and reminders" />
        <div className="mt-6">
          <NotificationList />
        </div>
      </PageContainer>
    </RequireAuth>
  );
}
