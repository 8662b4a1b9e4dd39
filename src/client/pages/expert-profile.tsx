import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Expert Profile" description="Expert profiles are being built. Soon each expert will have a full profile with certifications, rates and availability." />;
}
