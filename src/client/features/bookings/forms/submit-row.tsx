import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useAuth } from '../../../lib/session';

/** The price line, the submit button ('Processing...' while sending) and why it may be disabled. */
export function SubmitRow({
  label,
  pending,
  expertChosen,
  summary,
}: {
  label: string;
  pending: boolean;
  expertChosen: boolean;
  summary: ReactNode;
}) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-5">
      {summary}
      <Button type="submit" size="lg" disabled={!expertChosen || pending} aria-describedby={!expertChosen ? 'submit-hint' : undefined}>
        {pending ? 'Processing...' : label}
      </Button>
      {!expertChosen ? (
        <p id="submit-hint" className="text-center text-sm text-slate-600">
          Choose an expert to continue.
        </p>
      ) : null}
      {!isAuthenticated ? (
        <p className="text-center text-sm text-slate-600">You&apos;ll sign in or create an account next; what you typed is kept.</p>
      ) : null}
    </div>
  );
}

/** Shown when a draft came back after signing in. */
export function DraftRestored() {
  return <FormAlert tone="success">We kept what you typed. Check the details and send your booking.</FormAlert>;
}
