import type { ReactNode } from 'react';
import { Gauge, Mic, MicOff, MonitorUp, PhoneOff, Video, VideoOff, WifiOff } from 'lucide-react';
import type { CallInfo } from '@common/video-call';
import { cn } from '../../lib/cn';
import { showToast } from '../../lib/toast';
import { Spinner } from '../../components/ui/spinner';
import { CallTimer } from './call-timer';
import type { Call } from './use-call';
import { VideoTile } from './video-tile';

function ControlButton({
  label,
  pressed,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick(): void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'flex size-12 items-center justify-center rounded-full text-white transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-5',
        danger ? 'bg-red-600 hover:bg-red-700' : pressed ? 'bg-white text-slate-900 hover:bg-slate-200' : 'bg-white/15 hover:bg-white/25',
      )}
    >
      {children}
    </button>
  );
}

/** The call: the other party large, this side small, the booked time, and the controls. */
export function InCall({ info, call, localStream }: { info: CallInfo; call: Call; localStream: MediaStream }) {
  const hasAudio = localStream.getAudioTracks().length > 0;
  const hasVideo = localStream.getVideoTracks().length > 0;
  const { snapshot } = call;
  const remote = snapshot.remotePeer;
  const remoteCameraOff = remote && !remote.media.video && !remote.media.screen;
  const status =
    snapshot.phase === 'connecting'
      ? 'Connecting...'
      : snapshot.phase === 'waiting'
        ? `Waiting for ${info.otherPartyName} to join...`
        : snapshot.phase === 'joining'
          ? `Connecting to ${info.otherPartyName}...`
          : snapshot.phase === 'reconnecting'
            ? 'Reconnecting...'
            : null;
  const canShareScreen = typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  const shareScreen = () =>
    void call.toggleScreenShare().catch((error: unknown) => {
      // Closing the browser's picker is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) showToast({ title: 'Screen sharing could not start.', variant: 'destructive' });
    });

  return (
    <section aria-label="Video call" className="overflow-hidden rounded-xl bg-slate-950 shadow-lg">
      <div className="relative aspect-[3/4] w-full sm:aspect-video">
        <VideoTile stream={snapshot.remoteStream} data-remote aria-label={`${info.otherPartyName}'s video`} className={cn(remoteCameraOff && 'opacity-0')} />
        <div className="absolute inset-x-0 top-0 flex flex-wrap items-start justify-between gap-2 p-3">
          <CallTimer info={info} />
          {remote ? (
            <div className="flex flex-wrap gap-2" data-testid="remote-state">
              {!remote.media.audio ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-3 py-1 text-sm text-white">
                  <MicOff aria-hidden className="size-4" /> {remote.name} is muted
                </span>
              ) : null}
              {remoteCameraOff ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-3 py-1 text-sm text-white">
                  <VideoOff aria-hidden className="size-4" /> {remote.name}'s camera is off
                </span>
              ) : null}
              {remote.media.screen ? <span className="rounded-full bg-black/60 px-3 py-1 text-sm text-white">{remote.name} is sharing their screen</span> : null}
            </div>
          ) : null}
        </div>
        {status ? (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/70 p-6 text-center text-white">
            {snapshot.phase === 'reconnecting' ? <WifiOff aria-hidden className="size-10" /> : <Spinner label="" className="[&>span]:border-white/30 [&>span]:border-t-white" />}
            <p className="text-lg font-medium">{status}</p>
          </div>
        ) : null}
        <div className="absolute bottom-3 right-3 aspect-video w-28 overflow-hidden rounded-lg border border-white/30 bg-slate-800 shadow-lg sm:w-48">
          {snapshot.media.screen ? (
            <div className="flex h-full items-center justify-center p-2 text-center text-xs text-slate-200">You are sharing your screen</div>
          ) : hasVideo && snapshot.media.video ? (
            <VideoTile stream={localStream} muted mirrored data-local aria-label="Your video" />
          ) : (
            <div className="flex h-full items-center justify-center text-xs text-slate-300">{hasVideo ? 'Camera off' : 'No camera'}</div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 border-t border-white/10 px-3 py-4">
        {hasAudio ? (
          <ControlButton label={snapshot.media.audio ? 'Mute' : 'Unmute'} pressed={!snapshot.media.audio} onClick={call.toggleAudio}>
            {snapshot.media.audio ? <Mic aria-hidden /> : <MicOff aria-hidden />}
          </ControlButton>
        ) : null}
        {hasVideo ? (
          <ControlButton label={snapshot.media.video ? 'Turn camera off' : 'Turn camera on'} pressed={!snapshot.media.video} onClick={call.toggleVideo}>
            {snapshot.media.video ? <Video aria-hidden /> : <VideoOff aria-hidden />}
          </ControlButton>
        ) : null}
        {canShareScreen ? (
          <ControlButton label={snapshot.media.screen ? 'Stop sharing screen' : 'Share screen'} pressed={snapshot.media.screen} onClick={shareScreen}>
            <MonitorUp aria-hidden />
          </ControlButton>
        ) : null}
        <ControlButton label="Low-bandwidth mode" pressed={snapshot.lowBandwidth} onClick={() => void call.toggleLowBandwidth()}>
          <Gauge aria-hidden />
        </ControlButton>
        <ControlButton label="Leave call" danger onClick={call.leave}>
          <PhoneOff aria-hidden />
        </ControlButton>
      </div>
      {snapshot.lowBandwidth ? <p className="px-4 pb-3 text-center text-sm text-slate-300">Low-bandwidth mode: your video is sent at a lower resolution to keep the sound clear.</p> : null}
    </section>
  );
}
