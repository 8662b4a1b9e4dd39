import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Image as ImageIcon, PhoneIncoming } from 'lucide-react';
import { NOT_SURE, priceLine, type HelpRing } from '@common/help-now';
import { specialtyLabel } from '@common/specialties';
import { distanceLabel } from '@common/travel-area';
import { moneyToCents } from '@common/money';
import { Button } from '../../components/ui/button';
import { ApiError, errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { acceptHelpRequest, declineHelpRequest, useHelpRings } from './api';
import { startRingSound } from './ring-sound';

function RingCard({ ring, onGone }: { ring: HelpRing; onGone: (id: string) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      const { bookingId } = await acceptHelpRequest(ring.requestId);
      onGone(ring.requestId);
      await navigate(`/consultation?booking=${encodeURIComponent(bookingId)}`);
    } catch (failure) {
      // Taken by another expert, expired or cancelled: the ring stops at once.
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) onGone(ring.requestId);
      void showToast({ title: errorText(failure, 'The request could not be accepted. Please try again.'), variant: 'destructive' });
      setBusy(false);
    }
  };
  const decline = () => {
    onGone(ring.requestId);
    declineHelpRequest(ring.requestId).catch(() => undefined);
  };
  const titleId = `help-ring-${ring.requestId}`;
  const where = [ring.distanceMiles !== null ? distanceLabel(ring.distanceMiles) : null, ring.place].filter(Boolean).join(' · ');
  return (
    <div role="alert" aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border-2 border-coral bg-white p-4 text-slate-800 shadow-xl">
      <p id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <PhoneIncoming aria-hidden className="size-5 shrink-0 animate-pulse text-coral" />
        Help now{ring.specialty === NOT_SURE ? '' : `: ${specialtyLabel(ring.specialty)}`}. {ring.ownerName} needs an expert now
      </p>
      <p className="text-base [overflow-wrap:anywhere]">&ldquo;{ring.problem}&rdquo;</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">Boat</dt>
        <dd>{ring.boat ?? 'Not given'}</dd>
        <dt className="text-slate-600">Where</dt>
        <dd>{where}</dd>
        <dt className="text-slate-600">Your price</dt>
        <dd>{priceLine(moneyToCents(ring.firstPrice) ?? 0, moneyToCents(ring.minutePrice) ?? 0).replace(/^From /, '')}</dd>
      </dl>
      {ring.hasPhoto ? (
        <a
          href={`/api/help-requests/${encodeURIComponent(ring.requestId)}/photo`}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-navy-700 underline underline-offset-2"
        >
          <ImageIcon aria-hidden className="size-4" /> See the photo
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <div className="mt-1 flex gap-2">
        <Button variant="accent" size="lg" className="flex-1 sm:flex-none" onClick={() => void accept()} disabled={busy}>
          {busy ? 'Accepting...' : 'Accept'}
        </Button>
        <Button variant="outline" size="lg" className="flex-1 sm:flex-none" onClick={decline} disabled={busy}>
          Decline
        </Button>
      </div>
    </div>
  );
}

/**
 * On every page of an expert's (docs/PRODUCT.md#help-now): the requests ringing them, with a sound, until they
 * answer, the socket's list drops it (another expert took it, the owner cancelled), or it expires.
 */
export function HelpRingBanner({ enabled }: { enabled: boolean }) {
  const rings = useHelpRings(enabled);
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const [now, setNow] = useState(() => Date.now());
  const count = rings.length;
  useEffect(() => {
    if (count === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [count]);
  const showing = rings.filter((ring) => !gone.has(ring.requestId) && Date.parse(ring.expiresAt) > now);
  const ringing = showing.length > 0;
  useEffect(() => (ringing ? startRingSound() : undefined), [ringing]);
  if (!ringing) return null;
  return (
    <section aria-label="Help now requests" className="fixed inset-x-2 top-2 z-50 mx-auto flex max-h-[calc(100vh-1rem)] max-w-xl flex-col gap-2 overflow-y-auto">
      {showing.map((ring) => (
        <RingCard key={ring.requestId} ring={ring} onGone={(id) => setGone((before) => new Set(before).add(id))} />
      ))}
    </section>
  );
}
