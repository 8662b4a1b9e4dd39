import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Book Onsite Marine Service" description="Onsite booking is being built. Soon you will be able to request a technician at your boat here." />;
}
