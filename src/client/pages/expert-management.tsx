import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Expert Management" description="Expert administration is being built." />;
}
