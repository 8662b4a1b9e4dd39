import { reconnectDelay } from './reconnect-delay';

export interface LiveSocketHandlers {
  /** Each time the socket opens, the first time too. */
  onOpen?: () => void;
  /** A frame, parsed from JSON (frames that are not JSON are dropped). */
  onMessage: (data: unknown) => void;
  /** After a close: connect again (with backoff) or stop. `opened` says whether this attempt had opened. */
  onClose: (code: number, opened: boolean) => 'retry' | 'stop';
}

/**
 * Keeps a live socket to `path` on this site open (docs/ARCHITECTURE.md#realtime): a lost socket connects
 * again with backoff, at once when the page comes back to the foreground or online, until `onClose` says
 * stop or the returned function is called.
 */
export function keepLiveSocket(path: string, handlers: LiveSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
    let opened = false;
    socket.onopen = () => {
      opened = true;
      attempt = 0;
      handlers.onOpen?.();
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      handlers.onMessage(data);
    };
    socket.onclose = (event) => {
      socket = null;
      if (stopped) return;
      if (handlers.onClose(event.code, opened) === 'stop') {
        stopped = true;
        return;
      }
      retry = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  const tryNow = () => {
    if (socket || stopped || document.visibilityState !== 'visible') return;
    clearTimeout(retry);
    connect();
  };
  connect();
  window.addEventListener('online', tryNow);
  document.addEventListener('visibilitychange', tryNow);
  return () => {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener('online', tryNow);
    document.removeEventListener('visibilitychange', tryNow);
    socket?.close();
  };
}
