import { CameraOff, Mic, MicOff, Video, VideoOff } from 'lucide-react';
import type { CallInfo } from '@common/video-call';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { NativeSelect } from '../../components/ui/native-select';
import type { LocalMedia, MediaProblem } from './use-local-media';
import { VideoTile } from './video-tile';
import { CallHeading } from './call-heading';

const PROBLEM_TEXT: Record<MediaProblem, string> = {
  denied:
    'Your browser did not allow the camera and microphone. To use them, allow access for this site in the browser’s address bar and try again, or join without them.',
  missing: 'We could not find a camera or microphone on this device. You can join with audio only if a microphone is connected, or join to watch and listen.',
  busy: 'Another application is using your camera or microphone. Close it and try again, or join without them.',
  unsupported: 'This browser cannot use a camera or microphone here. You can still join to watch and listen.',
};

/** Before the call: a camera and microphone check with a preview, device choice, then 'Join call'. */
export function WaitingRoom({ info, media, onJoin }: { info: CallInfo; media: LocalMedia; onJoin(): void }) {
  const hasVideo = !!media.stream?.getVideoTracks().length;
  const hasAudio = !!media.stream?.getAudioTracks().length;
  return (
    <div className="flex flex-col gap-6">
      <CallHeading info={info} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card className="overflow-hidden lg:col-span-3">
          <div className="relative aspect-video bg-slate-900">
            {hasVideo ? (
              <VideoTile stream={media.stream} muted mirrored data-local aria-label="Your camera preview" />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 text-slate-300">
                {media.starting ? <Spinner label="Starting your camera" /> : <CameraOff aria-hidden className="size-10" />}
                {!media.starting ? <p className="text-sm">{hasAudio ? 'Audio only' : 'Camera off'}</p> : null}
              </div>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm text-slate-700">
            <span className="inline-flex items-center gap-1.5">
              {hasVideo ? <Video aria-hidden className="size-4 text-green-700" /> : <VideoOff aria-hidden className="size-4 text-slate-500" />}
              {hasVideo ? 'Camera ready' : 'No camera'}
            </span>
            <span className="inline-flex items-center gap-1.5">
              {hasAudio ? <Mic aria-hidden className="size-4 text-green-700" /> : <MicOff aria-hidden className="size-4 text-slate-500" />}
              {hasAudio ? 'Microphone ready' : 'No microphone'}
            </span>
          </div>
        </Card>

        <Card className="flex flex-col gap-4 p-5 sm:p-6 lg:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">Check your camera and microphone</h2>
          {media.problem ? (
            <div role="alert" className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
              {PROBLEM_TEXT[media.problem]}
            </div>
          ) : null}
          {media.cameras.length > 0 && media.mode === 'camera-and-microphone' ? (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              Camera
              <NativeSelect value={media.cameraId} onChange={(e) => media.chooseCamera(e.target.value)}>
                {media.cameras.map((device, i) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {device.label || `Camera ${i + 1}`}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ) : null}
          {media.microphones.length > 0 && media.mode !== 'none' ? (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              Microphone
              <NativeSelect value={media.microphoneId} onChange={(e) => media.chooseMicrophone(e.target.value)}>
                {media.microphones.map((device, i) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {device.label || `Microphone ${i + 1}`}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ) : null}
          <p className="text-sm text-slate-600">
            Calls go directly between you and {info.otherPartyName}. Nothing is recorded; after the call the expert writes up the findings and next steps.
          </p>
          <Button size="lg" onClick={onJoin} disabled={media.starting}>
            <Video aria-hidden /> Join call
          </Button>
          <div className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
            {media.mode !== 'camera-and-microphone' || media.problem ? (
              <Button variant="link" className="h-auto justify-start whitespace-normal p-0 text-left" onClick={() => media.useMode('camera-and-microphone')}>
                Try the camera and microphone again
              </Button>
            ) : null}
            {media.mode !== 'microphone-only' ? (
              <Button variant="link" className="h-auto justify-start whitespace-normal p-0 text-left" onClick={() => media.useMode('microphone-only')}>
                Use audio only (no camera)
              </Button>
            ) : null}
            {media.mode !== 'none' ? (
              <Button variant="link" className="h-auto justify-start whitespace-normal p-0 text-left" onClick={() => media.useMode('none')}>
                Join without camera or microphone (watch and listen)
              </Button>
            ) : null}
          </div>
        </Card>
      </div>
    </div>
  );
}
