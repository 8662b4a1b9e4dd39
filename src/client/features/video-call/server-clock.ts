import { useEffect, useState } from 'react';

/**
 * The server's clock, ticking here: the room's window and the call's timer follow the server (the device's
 * clock may be off, and the browser journeys move the server's).
 */
export function useServerNow(serverNowIso: string, everyMs = 1_000): Date {
  const [offset] = useState(() => new Date(serverNowIso).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(Date.now() + offset));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date(Date.now() + offset)), everyMs);
    return () => clearInterval(timer);
  }, [offset, everyMs]);
  return now;
}

/** '4:07' or '1:02:03'. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
