import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Become a K&B Expert" description="The expert application is being built. Soon certified marine technicians will be able to apply to join K&B Marine here." />;
}
