import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Onsite Request" description="The onsite expert directory is being built. Soon you will find technicians who come to your boat here." />;
}
