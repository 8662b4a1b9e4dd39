import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../app/page-header';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { ContactForm, type ContactBookingOption } from '../features/contact';
import { useBookings } from '../features/bookings';
import { useAuth } from '../lib/session';

/** The signed-in sender's form, offering their bookings (the first page of My Bookings). */
function SignedInContactForm({ email, bookingId }: { email: string; bookingId?: string }) {
  const bookings = useBookings();
  if (bookings.isPending) return <Spinner className="py-12" />;
  const options: ContactBookingOption[] = (bookings.data?.pages[0]?.bookings ?? []).map((booking) => ({
    id: booking.id,
    label: `Booking #${booking.number}: ${booking.expert.name}, ${booking.scheduledDate}`,
  }));
  return <ContactForm accountEmail={email} bookings={options} bookingId={bookingId} />;
}

/** 'Contact Us' (docs/PRODUCT.md#contact-us): signed in or not; a booking of one's own may be named. */
export default function ContactPage() {
  const { user, isLoading } = useAuth();
  const [searchParams] = useSearchParams();
  const bookingId = searchParams.get('booking') ?? undefined;
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader title="Contact Us" subtitle="Write to the K&B Marine team. We answer every message by e-mail." />
      <p className="max-w-2xl text-slate-700">
        Many questions are answered in the <Link to="/help" className="font-medium text-navy-600 underline-offset-4 hover:underline">Help Center</Link>. For a question about a
        booking&apos;s work itself, writing to your expert on the booking&apos;s page reaches them directly.
      </p>
      <Card className="max-w-2xl p-5 sm:p-6">
        {isLoading ? <Spinner className="py-12" /> : user ? <SignedInContactForm email={user.email} bookingId={bookingId} /> : <ContactForm accountEmail={null} bookings={[]} />}
      </Card>
    </PageContainer>
  );
}
