import { PageContainer, PageHeader } from '../app/page-header';
import { RequireAuth } from '../features/auth';
import { ContactQueue } from '../features/contact';
import { useAuth } from '../lib/session';

function ContactMessages() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Only administrators can read the messages sent with Contact Us.</p>;
  return <ContactQueue />;
}

/** Administrators: the messages sent with Contact Us, to read, answer by e-mail and close (docs/PRODUCT.md#contact-us). */
export default function ContactMessagesPage() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-6">
        <PageHeader title="Contact Messages" subtitle="Read what visitors wrote with Contact Us, answer them by e-mail and close what is done" />
        <ContactMessages />
      </PageContainer>
    </RequireAuth>
  );
}
