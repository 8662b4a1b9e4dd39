import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Video Consultation" description="Live video consultations are being built. Soon booked consultations will take place here." />;
}
