import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock, XCircle, type LucideIcon } from 'lucide-react';
import type { ApplicationStatusView } from '@common/expert-application';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function StatusCard({ icon: Icon, tone, title, children }: { icon: LucideIcon; tone: string; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-center gap-4 p-8 text-center sm:p-10">
      <span className={cn('flex size-14 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-8" />
      </span>
      <h2 className="text-2xl font-bold text-navy-800">{title}</h2>
      {children}
    </Card>
  );
}

/** Where an earlier application stands: being reviewed, approved, or rejected with its reason. */
export function ApplicationStatusCard({ application }: { application: ApplicationStatusView }) {
  if (application.status === 'pending') {
    return (
      <StatusCard icon={Clock} tone="bg-amber-100 text-amber-800" title="Your application is being reviewed">
        <p className="max-w-md text-slate-600">
          You applied on {formatDate(application.createdAt)}. We review applications within 5-7 business days and will e-mail you once
          yours has been reviewed.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
      </StatusCard>
    );
  }
  if (application.status === 'approved') {
    return (
      <StatusCard icon={CheckCircle2} tone="bg-green-100 text-green-700" title="You're a K&B Expert">
        <p className="max-w-md text-slate-600">
          Your application was approved{application.decidedAt ? ` on ${formatDate(application.decidedAt)}` : ''}. Set your hours, rates and
          services, and answer booking requests in your workspace.
        </p>
        <Button asChild>
          <Link to="/workspace">Go to your workspace</Link>
        </Button>
      </StatusCard>
    );
  }
  return (
    <Card className="mx-auto flex max-w-2xl items-start gap-4 border-red-200 bg-red-50/50 p-5 sm:p-6">
      <XCircle aria-hidden className="mt-0.5 size-6 shrink-0 text-red-600" />
      <div className="flex flex-col gap-1">
        <h2 className="font-semibold text-slate-900">Your previous application was not approved</h2>
        {application.decisionReason ? <p className="text-sm text-slate-700">Reason: {application.decisionReason}</p> : null}
        <p className="text-sm text-slate-600">You are welcome to apply again below once you have addressed it.</p>
      </div>
    </Card>
  );
}
