import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Book a Service" description="Booking is being built. Soon you will be able to book a video consultation or an onsite visit here." />;
}
