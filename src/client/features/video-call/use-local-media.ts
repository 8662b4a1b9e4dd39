import { useCallback, useEffect, useRef, useState } from 'react';

/** What the waiting room could get from the browser. */
export type MediaProblem =
  /** The person, or the browser's settings, refused the camera and microphone. */
  | 'denied'
  /** No camera or microphone is connected. */
  | 'missing'
  /** Another application holds the device. */
  | 'busy'
  /** The browser cannot capture at all (an insecure page, an old browser). */
  | 'unsupported';

/** What to ask for: everything, the microphone only, or nothing (receive only). */
export type MediaMode = 'camera-and-microphone' | 'microphone-only' | 'none';

export interface LocalMedia {
  stream: MediaStream | null;
  mode: MediaMode;
  problem: MediaProblem | null;
  starting: boolean;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  cameraId: string;
  microphoneId: string;
  chooseCamera(id: string): void;
  chooseMicrophone(id: string): void;
  useMode(mode: MediaMode): void;
}

function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

function stopAll(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

interface Acquired {
  stream: MediaStream | null;
  problem: MediaProblem | null;
  devices: MediaDeviceInfo[] | null;
}

async function acquire(wanted: MediaMode, camera: string, microphone: string): Promise<Acquired> {
  if (wanted === 'none') return { stream: null, problem: null, devices: null };
  if (!navigator.mediaDevices?.getUserMedia) return { stream: null, problem: 'unsupported', devices: null };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: microphone ? { deviceId: { exact: microphone } } : true,
      video: wanted === 'camera-and-microphone' ? { ...(camera ? { deviceId: { exact: camera } } : {}), width: { ideal: 1280 }, height: { ideal: 720 } } : false,
    });
    // Device names are only listed once permission is given.
    return { stream, problem: null, devices: await navigator.mediaDevices.enumerateDevices() };
  } catch (error) {
    return { stream: null, problem: problemOf(error), devices: null };
  }
}

/**
 * The camera and microphone of the waiting room: asks once, lists the devices (their names appear once
 * permission is given), switches devices, and says plainly what went wrong. The caller owns the stream
 * until the component unmounts (the call takes it over from here).
 */
export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [mode, setMode] = useState<MediaMode>('camera-and-microphone');
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const streamRef = useRef<MediaStream | null>(null);

  const apply = useCallback((result: Acquired) => {
    streamRef.current = result.stream;
    setStream(result.stream);
    setProblem(result.problem);
    if (result.devices) setDevices(result.devices);
    setCameraId(result.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '');
    setMicrophoneId(result.stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '');
    setStarting(false);
  }, []);

  useEffect(() => {
    let current = true;
    void acquire('camera-and-microphone', '', '').then((result) => {
      if (current) apply(result);
      else stopAll(result.stream);
    });
    return () => {
      current = false;
      stopAll(streamRef.current);
    };
  }, [apply]);

  const switchTo = (wanted: MediaMode, camera: string, microphone: string) => {
    stopAll(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setStarting(true);
    void acquire(wanted, camera, microphone).then(apply);
  };

  return {
    stream,
    mode,
    problem,
    starting,
    cameras: devices.filter((d) => d.kind === 'videoinput' && d.deviceId),
    microphones: devices.filter((d) => d.kind === 'audioinput' && d.deviceId),
    cameraId,
    microphoneId,
    chooseCamera: (id) => switchTo(mode, id, microphoneId),
    chooseMicrophone: (id) => switchTo(mode, cameraId, id),
    useMode: (next) => {
      setMode(next);
      switchTo(next, '', '');
    },
  };
}
