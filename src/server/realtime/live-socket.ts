import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { CurrentUser } from '../../common/user.js';
import { LIVE_CLOSE_NOT_ADMITTED, LIVE_CLOSE_SESSION_ENDED, SESSION_ENDED_REASON } from '../../common/live-close.js';
import { AppError, type AppErrorCode } from '../core/app-error.js';
import { createTokenBucket } from './token-bucket.js';
import type { LiveSessionSource } from './live-sessions.js';

/** The largest frame any live socket accepts; each route sets its own, smaller limit. */
const MAX_FRAME_BYTES = 64 * 1024;

/** Close codes the clients act on (RFC 6455 section 7.4.1, and 4000-4999 for our own). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  /** The server could not serve the socket (the database went away): connect again later. */
  unavailable: 1013,
  /** The session the socket opened with has ended: not worth connecting again with it. */
  sessionEnded: LIVE_CLOSE_SESSION_ENDED,
  /** Admitted at the upgrade, no longer (a booking cancelled, a call window closed, access lost). */
  noLongerAdmitted: LIVE_CLOSE_NOT_ADMITTED,
} as const;

/** A close reason is at most 123 bytes (RFC 6455 section 5.5); ws throws on a longer one. */
function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

/** The route's refusals that end an open socket when its admission is checked again. */
const REFUSALS = new Set<AppErrorCode>(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']);

/** What a live route's code sees of its socket. */
export interface LiveConnection {
  send(message: object): void;
  close(code: number, reason: string): void;
}

/** What a route does with an admitted socket: its messages, already parsed and checked, and its end. */
export interface LiveSession<In> {
  message(message: In): void | Promise<void>;
  closed(): void;
}

export interface LiveRoute<Params, Admitted, In> {
  url: string;
  params: z.ZodType<Params>;
  /** Who may open the socket; throws the AppError to answer instead (403, 404, 409...). */
  admit(user: CurrentUser, params: Params): Promise<Admitted>;
  /** The client's messages; anything else is answered with an error message and dropped. */
  incoming: z.ZodType<In>;
  maxMessageBytes: number;
  /** Messages a client may send: a steady rate and a burst (ICE candidates arrive in bursts). */
  rate: { perSecond: number; burst: number };
  open(connection: LiveConnection, admitted: Admitted, user: CurrentUser): LiveSession<In>;
}

export interface LiveSocketSettings {
  /** BASE_URL's origin: a browser always sends Origin on a WebSocket upgrade, and only ours may connect. */
  allowedOrigin: string;
  /**
   * How often a silent connection is pinged (one that has not answered the last ping by then is dropped),
   * and its session and admission checked again.
   */
  heartbeatMs: number;
  sessions: LiveSessionSource;
}

/** A client that keeps sending after being told it is over its rate is cut off after this many drops. */
const DROPS_BEFORE_CLOSE = 50;

declare module 'fastify' {
  interface FastifyInstance {
    liveSocketSettings: LiveSocketSettings;
  }
}

/** Once, on the root instance, before any live route: the WebSocket server and the settings they share. */
export async function registerLiveSockets(app: FastifyInstance, settings: LiveSocketSettings) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.decorate('liveSocketSettings', settings);
}

/** What let a socket open: re-checked while it is open. */
interface Admission<Params, Admitted> {
  user: CurrentUser;
  sessionId: string;
  params: Params;
  admitted: Admitted;
}

/**
 * The one way live sockets are opened. The upgrade request is authenticated and admitted before the 101:
 * a wrong Origin is a 403, a signed-out caller a 401, and the route's own refusals (403, 404) answer as
 * the rest of the API does, so a socket only ever opens for someone allowed to use it. The session is read
 * from the database, not the session cache, which may still hold a session another server just ended.
 * Then every frame is held to the route's size and rate, parsed as JSON and checked against its schema, and
 * a heartbeat drops connections whose other end vanished without closing. A socket lives no longer than
 * what let it open: its session and the route's admission are checked again at each heartbeat and as soon
 * as the database announces a change to the person's sessions or account, from any server.
 */
export function liveRoute<Params, Admitted, In>(app: FastifyInstance, route: LiveRoute<Params, Admitted, In>) {
  const settings = app.liveSocketSettings;
  const admissionOf = new WeakMap<FastifyRequest, Admission<Params, Admitted>>();
  app.get(
    route.url,
    {
      websocket: true,
      // A WebSocket protocol, not an HTTP operation: its messages are the route's schemas
      // (docs/ARCHITECTURE.md#realtime).
      schema: { hide: true },
      preValidation: async (request) => {
        // The Origin check for other writes skips GETs, and an upgrade is a GET.
        if (request.headers.origin !== settings.allowedOrigin) throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
        const session = await settings.sessions.signedIn(request);
        if (!session) throw new AppError('UNAUTHORIZED', 'Unauthorized: please sign in.');
        const params = route.params.safeParse(request.params);
        if (!params.success) throw new AppError('NOT_FOUND', 'Not found.');
        admissionOf.set(request, { ...session, params: params.data, admitted: await route.admit(session.user, params.data) });
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      serve(socket, route, admissionOf.get(request)!, settings, request.log);
    },
  );
}

/**
 * Checks again that the socket's session has not ended and that the route still admits its person as they
 * are now; closes it if not. Calls that come while a check runs make one more check after it, since the
 * running one may have read the database before the change it is called about.
 */
function admissionCheck(
  socket: WebSocket,
  sessionId: string,
  admit: (user: CurrentUser) => Promise<unknown>,
  sessions: LiveSessionSource,
  log: FastifyRequest['log'],
) {
  const checkOnce = async () => {
    const user = await sessions.userOf(sessionId);
    if (socket.readyState !== socket.OPEN) return;
    if (!user) {
      socket.close(CLOSE.sessionEnded, SESSION_ENDED_REASON);
      return;
    }
    try {
      await admit(user);
    } catch (err) {
      if (!(err instanceof AppError && REFUSALS.has(err.code))) throw err;
      if (socket.readyState === socket.OPEN) socket.close(CLOSE.noLongerAdmitted, closeReason(err.message));
    }
  };
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // The database may be away for a moment: the socket stays, and the next heartbeat checks again.
        await checkOnce().catch((err: unknown) => log.warn({ err }, 'live socket admission check failed'));
      } while (again && socket.readyState === socket.OPEN);
      running = null;
    })();
  };
}

function serve<Params, Admitted, In>(
  socket: WebSocket,
  route: LiveRoute<Params, Admitted, In>,
  admission: Admission<Params, Admitted>,
  { heartbeatMs, sessions }: LiveSocketSettings,
  log: FastifyRequest['log'],
) {
  const { user, admitted } = admission;
  const connection: LiveConnection = {
    send(message) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    },
    close(code, reason) {
      socket.close(code, closeReason(reason));
    },
  };
  const bucket = createTokenBucket(route.rate.perSecond, route.rate.burst);
  let drops = 0;
  // Messages are handled one at a time, in the order they came.
  let handling = Promise.resolve();
  const session = route.open(connection, admitted, user);

  const check = admissionCheck(socket, admission.sessionId, (now) => route.admit(now, admission.params), sessions, log);
  const unwatch = sessions.watch(user.id, check);

  let alive = true;
  socket.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
    // Also catches what no announcement covers: a session that expired, a listener that missed one.
    check();
  }, heartbeatMs);
  heartbeat.unref();

  socket.on('message', (data: Buffer, isBinary: boolean) => {
    alive = true;
    if (isBinary || data.length > route.maxMessageBytes) {
      socket.close(CLOSE.tooBig, 'Message too large.');
      return;
    }
    if (!bucket.take()) {
      drops += 1;
      if (drops >= DROPS_BEFORE_CLOSE) socket.close(CLOSE.policy, 'Too many messages.');
      else connection.send({ type: 'error', message: 'Too many messages. Please slow down.' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      connection.send({ type: 'error', message: 'Messages must be JSON.' });
      return;
    }
    const checked = route.incoming.safeParse(parsed);
    if (!checked.success) {
      connection.send({ type: 'error', message: checked.error.issues[0]?.message ?? 'Invalid message.' });
      return;
    }
    handling = handling.then(async () => {
      try {
        await session.message(checked.data);
      } catch (err) {
        if (err instanceof AppError) {
          connection.send({ type: 'error', message: err.message });
          if (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND') socket.close(CLOSE.noLongerAdmitted, closeReason(err.message));
          return;
        }
        log.error({ err }, 'live message failed');
        connection.send({ type: 'error', message: 'Something went wrong on our side. Please try again.' });
        socket.close(CLOSE.unavailable, 'Please reconnect.');
      }
    });
  });

  socket.on('close', () => {
    clearInterval(heartbeat);
    unwatch();
    session.closed();
  });
  socket.on('error', (err) => log.warn({ err }, 'live socket error'));
}
