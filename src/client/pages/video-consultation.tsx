import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="Video Consultation" description="The video expert directory is being built. Soon you will find experts for a live video consultation here." />;
}
