import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A <video> showing a stream; the local preview is muted (no echo) and mirrored, as a mirror would show you. */
export function VideoTile({ stream, mirrored = false, className, ...props }: { stream: MediaStream | null; mirrored?: boolean } & ComponentProps<'video'>) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline className={cn('h-full w-full bg-slate-900 object-cover', mirrored && '-scale-x-100', className)} {...props} />;
}
