import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PhoneOff } from 'lucide-react';
import type { CallInfo } from '@common/video-call';
import { ApiError } from '../../lib/api-request';
import { useCallInfo } from './api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { LoadFailed } from '../../components/ui/load-failed';
import { CallHeading } from './call-heading';
import { CallNotForYou, CallNotFound, CallRefusal } from './call-refusal';
import { InCall } from './in-call';
import { useCall } from './use-call';
import { useLocalMedia } from './use-local-media';
import { WaitingRoom } from './waiting-room';

function CallStage({ info, localStream, onClosed }: { info: CallInfo; localStream: MediaStream; onClosed(reason: string, roomClosed: boolean): void }) {
  const call = useCall(info, localStream);
  const { phase, closedReason, roomClosed } = call.snapshot;
  useEffect(() => {
    if (phase === 'closed') onClosed(closedReason ?? 'The call ended.', roomClosed);
  }, [phase, closedReason, roomClosed, onClosed]);
  return (
    <div className="flex flex-col gap-6">
      <CallHeading info={info} />
      <InCall info={info} call={call} localStream={localStream} />
    </div>
  );
}

/** The room while it is open: the waiting room, the call, and after leaving, the way back in. */
function OpenRoom({ info, onRoomClosed }: { info: CallInfo; onRoomClosed(): void }) {
  const media = useLocalMedia();
  const [stage, setStage] = useState<'waiting-room' | 'call' | 'left'>('waiting-room');
  const [leftReason, setLeftReason] = useState('');
  // Receive only: the call still needs a stream, with no tracks.
  const localStream = useMemo(() => media.stream ?? new MediaStream(), [media.stream]);
  const [onClosed] = useState(() => (reason: string, roomClosed: boolean) => {
    // The room closed (its window ended, the booking was cancelled): the refreshed answer says why.
    if (roomClosed) onRoomClosed();
    setLeftReason(reason);
    setStage('left');
  });

  if (stage === 'waiting-room') return <WaitingRoom info={info} media={media} onJoin={() => setStage('call')} />;
  if (stage === 'call') return <CallStage info={info} localStream={localStream} onClosed={onClosed} />;
  return (
    <div className="flex flex-col gap-6">
      <CallHeading info={info} />
      <Card className="flex flex-col items-center gap-4 p-8 text-center sm:p-10">
        <PhoneOff aria-hidden className="size-10 text-navy-500" />
        <p className="text-lg font-medium text-slate-900" role="status">
          {leftReason}
        </p>
        <p className="text-slate-600">The room stays open until 30 minutes after the scheduled end; you can rejoin until then.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => setStage('call')}>Rejoin call</Button>
          <Button asChild variant="outline">
            <Link to={`/bookings/${info.bookingId}`}>View booking</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** /consultation?booking={id}: the booking's call room, or a clear page saying why it cannot be joined. */
export function CallRoom({ bookingId }: { bookingId: string }) {
  const info = useCallInfo(bookingId);
  if (info.isPending) return <Spinner label="Opening the call room" className="min-h-[50vh]" />;
  if (info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 400)) return <CallNotFound />;
  if (info.error instanceof ApiError && info.error.status === 403) return <CallNotForYou message={info.error.serverMessage ?? 'This call is only for the booking’s owner and expert.'} />;
  if (info.isError) return <LoadFailed what="the call room" onRetry={() => void info.refetch()} />;
  if (info.data.joinState !== 'open') return <CallRefusal info={info.data} onRetry={() => void info.refetch()} />;
  return <OpenRoom key={info.data.bookingId} info={info.data} onRoomClosed={() => void info.refetch()} />;
}
