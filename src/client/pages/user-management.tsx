import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="User Management" description="User administration is being built." />;
}
