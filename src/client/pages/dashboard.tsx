import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Your Dashboard" description="The dashboard is being built. Soon your consultations, services and AI questions will be listed here." />;
}
