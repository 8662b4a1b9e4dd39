import { PageContainer, PageHeader } from '../app/page-header';
import { HelpCenter } from '../features/help';

export default function HelpPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader title="Help Center" subtitle="Answers about your account, bookings, payments, disputes, video calls and boats" />
      <HelpCenter />
    </PageContainer>
  );
}
