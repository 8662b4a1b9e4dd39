import { useEffect } from 'react';
import type { CurrentUser } from '@common/user';
import { apiRequest } from '../../lib/api-request';

const HEARTBEAT_MS = 60_000;

/** While an expert has the app open and visible, tell the server every minute so boat owners see them online. */
export function useExpertPresenceHeartbeat(user: CurrentUser | null) {
  const isExpert = user?.role === 'expert';
  useEffect(() => {
    if (!isExpert) return;
    const beat = () => {
      if (document.visibilityState === 'visible') apiRequest('POST', '/api/experts/me/presence').catch(() => {});
    };
    beat();
    const timer = window.setInterval(beat, HEARTBEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [isExpert]);
}
