import { useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck } from 'lucide-react';
import { RequireAuth } from '../features/auth';
import { PageContainer } from '../app/page-header';
import { LoadFailed } from '../components/ui/load-failed';
import { ApplicationForm, ApplicationStatusCard, ApplicationSubmitted, BenefitBlurbs, useMyApplication } from '../features/expert-application';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageSpinner } from '../components/ui/spinner';
import { useAuth } from '../lib/session';

function ExpertApply() {
  const { user } = useAuth();
  const application = useMyApplication();
  const [submitted, setSubmitted] = useState(false);
  if (!user) return null;
  if (submitted) {
    return (
      <PageContainer>
        <ApplicationSubmitted />
      </PageContainer>
    );
  }

  const body = () => {
    if (application.isLoading) return <PageSpinner />;
    if (application.isError) return <LoadFailed what="your application" onRetry={() => void application.refetch()} />;
    const latest = application.data;
    if (latest && latest.status !== 'rejected') return <ApplicationStatusCard application={latest} />;
    if (!latest && user.role === 'expert') {
      return (
        <Card className="mx-auto flex max-w-2xl flex-col items-center gap-4 p-8 text-center">
          <BadgeCheck aria-hidden className="size-10 text-green-600" />
          <h2 className="text-xl font-bold text-navy-800">You already have an expert profile</h2>
          <Button asChild>
            <Link to="/workspace">Go to your workspace</Link>
          </Button>
        </Card>
      );
    }
    return (
      <div className="flex flex-col gap-6">
        {latest ? <ApplicationStatusCard application={latest} /> : null}
        <ApplicationForm user={user} onSubmitted={() => setSubmitted(true)} />
      </div>
    );
  };

  return (
    <PageContainer className="flex flex-col gap-8">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-navy-800 sm:text-4xl">{'Become a K&B Expert'}</h1>
        <p className="mt-3 text-lg text-slate-600">
          Join our network of certified marine technicians and help boat owners by video call and at the dock.
        </p>
      </header>
      <BenefitBlurbs />
      <div className="mx-auto w-full max-w-4xl">{body()}</div>
    </PageContainer>
  );
}

export default function ExpertApplyPage() {
  return (
    <RequireAuth>
      <ExpertApply />
    </RequireAuth>
  );
}
