import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Book Video Consultation" description="Video booking is being built. Soon you will be able to book a 30-minute consultation with an expert here." />;
}
