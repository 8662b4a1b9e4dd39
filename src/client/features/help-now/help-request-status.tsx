import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PhoneCall } from 'lucide-react';
import type { HelpRequest } from '@common/help-now';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useCancelHelpRequest, useLiveHelpRequest } from './api';
import { NobodyAnswered } from './nobody-answered';

function useSecondsLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

const OPEN_CALL_AFTER_MS = 1000;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function Ringing({ request }: { request: HelpRequest }) {
  const cancel = useCancelHelpRequest(request.id);
  const left = useSecondsLeft(request.expiresAt);
  return (
    <section aria-labelledby="help-ringing" className="flex flex-col gap-3 rounded-xl border border-navy-200 bg-navy-50 p-4 sm:p-5">
      <h2 id="help-ringing" className="flex items-center gap-2.5 text-lg font-semibold text-slate-900">
        <span aria-hidden className="size-5 shrink-0 animate-spin rounded-full border-4 border-navy-100 border-t-navy-600" />
        <span role="status">
          Ringing {request.expertsRung} {request.expertsRung === 1 ? 'expert' : 'experts'}...
        </span>
      </h2>
      <p className="text-sm text-slate-700">
        The first expert to answer joins you on a video call, and this page opens the call by itself. More experts are rung every 90 seconds.
      </p>
      <p className="text-sm text-slate-700">
        <span className="font-semibold tabular-nums text-slate-900" aria-hidden>
          {clock(left)}
        </span>
        <span className="sr-only">{Math.ceil(left / 60)} minutes</span> left before the request stops ringing.
      </p>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        &ldquo;{request.problem}&rdquo; · {request.place}
        {request.boatName ? ` · ${request.boatName}` : ''}
      </p>
      <Button
        variant="outline"
        className="self-start"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onError: (failure) => showToast({ title: 'The request was not cancelled', description: errorText(failure, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        {cancel.isPending ? 'Cancelling...' : 'Cancel request'}
      </Button>
    </section>
  );
}

/** The request after sending, live: ringing, taken (and on into the call room), or nobody answered. */
export function HelpRequestStatus({ sent, onAskAgain }: { sent: HelpRequest; onAskAgain: () => void }) {
  const navigate = useNavigate();
  const { data: request } = useLiveHelpRequest(sent);
  const bookingId = request.status === 'accepted' ? request.bookingId : null;
  // A second to read who took it, then into the call room.
  useEffect(() => {
    if (!bookingId) return;
    const timer = setTimeout(() => void navigate(`/consultation?booking=${encodeURIComponent(bookingId)}`), OPEN_CALL_AFTER_MS);
    return () => clearTimeout(timer);
  }, [bookingId, navigate]);
  if (request.status === 'ringing') return <Ringing request={request} />;
  if (request.status === 'accepted') {
    return (
      <section className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-4 sm:p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900" role="status">
          <PhoneCall aria-hidden className="size-5 text-green-700" /> {request.expertName} is taking your call
        </h2>
        <p className="text-sm text-slate-700">Opening the call room...</p>
      </section>
    );
  }
  return (
    <NobodyAnswered
      question={request.problem}
      specialty={request.specialty}
      zipCode={request.zipCode}
      cancelled={request.status === 'cancelled'}
      onAskAgain={onAskAgain}
    />
  );
}
