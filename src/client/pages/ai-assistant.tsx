import { ComingSoon } from '../components/layout/coming-soon';

export default function Page() {
  return <ComingSoon title="AI Assistant" description="The marine AI assistant is being built. Soon you will be able to ask repair questions and upload a photo of the problem here." />;
}
