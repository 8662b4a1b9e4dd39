import { UnsubscribePanel } from '../features/notifications';
import { PageContainer } from '../app/page-header';

export default function UnsubscribePage() {
  return (
    <PageContainer className="py-10">
      <UnsubscribePanel />
    </PageContainer>
  );
}
