import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Onsite Marine Service" description="The expert directory is being built. Soon you will be able to search certified marine technicians by specialty and location here." />;
}
