import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Fanout } from '../../realtime/fanout.js';
import type { LiveConnection, LiveSession } from '../../realtime/live-socket.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import {
  CALL_CLOSE_NOT_ADMITTED,
  CALL_CLOSE_REPLACED,
  type CallClientMessage,
  type CallPeer,
  type CallServerMessage,
  type MediaState,
} from '../../../common/video-call.js';
import { readCallAccess, type CallAccess } from './call-access.js';
import { recordTogether } from './call-times.js';

/** How often each socket tells the room it is still there, and re-checks that the room is still open. */
export const ROOM_HEARTBEAT_MS = 10_000;
/** A peer not heard from for this many heartbeats (and at least 10 s) is gone: its server stopped without saying so. */
const PEER_TIMEOUT_HEARTBEATS = 3.5;

/**
 * What the sockets of one room tell each other through the fan-out (topic `call:{bookingId}`), whichever
 * app server each is connected to. Every socket is a peer with its own id; the browser only ever talks to
 * its own socket, which forwards what is addressed to it.
 */
type RoomEvent =
  | { kind: 'join'; peer: CallPeer; userId: string }
  | { kind: 'here'; peer: CallPeer; userId: string; to: string }
  | { kind: 'alive'; peer: CallPeer; userId: string }
  | { kind: 'leave'; peerId: string }
  | { kind: 'media'; peerId: string; media: MediaState }
  | { kind: 'signal'; from: string; to: string; description?: unknown; candidate?: unknown };

export interface CallRoomDeps {
  db: Database;
  fanout: Fanout;
  now(): Date;
  log: FastifyBaseLogger;
  /** ROOM_HEARTBEAT_MS; tests make it short. */
  heartbeatMs: number;
}

export function callTopic(bookingId: string) {
  return `call:${bookingId}`;
}

/** One admitted socket in a booking's call room. */
export function openCallSession(deps: CallRoomDeps, connection: LiveConnection, access: CallAccess, user: CurrentUser): LiveSession<CallClientMessage> {
  const topic = callTopic(access.record.booking.id);
  const me: CallPeer = {
    peerId: randomUUID(),
    role: access.role,
    name: access.role === 'owner' ? access.record.owner.name : access.record.expert.name,
    media: { audio: false, video: false, screen: false },
    joinedAt: Date.now(),
  };
  const others = new Map<string, { lastSeen: number; role: CallPeer['role'] }>();
  const send = (message: CallServerMessage) => connection.send(message);
  let closed = false;

  // This socket's events leave in the order they were made (one at a time), so the room sees a join before
  // the offers that follow it.
  let outgoing = Promise.resolve();
  const publish = (event: RoomEvent) => {
    const next = outgoing.then(() => deps.fanout.publish(deps.db, topic, event));
    outgoing = next.catch((err: unknown) => deps.log.warn({ err, topic }, 'call event not published'));
    return next;
  };

  // The call's real length (what a Help now call is billed by) runs while both parties are here.
  const together = () => [...others.values()].some((other) => other.role !== me.role);
  const markTogether = () => {
    recordTogether(deps.db, access.record.booking.id, deps.now()).catch((err: unknown) => deps.log.warn({ err, topic }, 'call time not recorded'));
  };

  const meet = (peer: CallPeer) => {
    const known = others.has(peer.peerId);
    others.set(peer.peerId, { lastSeen: Date.now(), role: peer.role });
    if (!known) {
      send({ type: 'peer', peer });
      if (peer.role !== me.role) markTogether();
    }
  };

  const onEvent = (message: unknown) => {
    if (closed) return;
    const event = message as RoomEvent;
    switch (event.kind) {
      case 'join':
        if (event.peer.peerId === me.peerId) return;
        if (event.userId === user.id) {
          // The same person opened the call again (another tab, a phone): the newest wins.
          connection.close(CALL_CLOSE_REPLACED, 'You joined this call from another window.');
          return;
        }
        meet(event.peer);
        void publish({ kind: 'here', peer: me, userId: user.id, to: event.peer.peerId });
        return;
      case 'here':
        if (event.to === me.peerId) meet(event.peer);
        return;
      case 'alive':
        if (event.peer.peerId !== me.peerId && event.userId !== user.id) meet(event.peer);
        return;
      case 'leave': {
        const wasTogether = together();
        if (others.delete(event.peerId)) send({ type: 'peer-left', peerId: event.peerId });
        if (wasTogether && !together()) markTogether();
        return;
      }
      case 'media':
        if (others.has(event.peerId)) send({ type: 'peer-media', peerId: event.peerId, media: event.media });
        return;
      case 'signal':
        if (event.to !== me.peerId) return;
        send({
          type: 'signal',
          from: event.from,
          ...(event.description !== undefined ? { description: event.description as never } : {}),
          ...(event.candidate !== undefined ? { candidate: event.candidate as never } : {}),
        });
        return;
    }
  };

  const unsubscribe = deps.fanout.subscribe(topic, onEvent);
  // Events published while this server's listener was reconnecting are lost: announce again, and the others
  // answer who is there.
  const stopResync = deps.fanout.onResync(() => void publish({ kind: 'join', peer: me, userId: user.id }));
  send({ type: 'welcome', peerId: me.peerId, role: me.role });
  void publish({ kind: 'join', peer: me, userId: user.id });

  const heartbeat = setInterval(() => {
    void (async () => {
      const stale = Date.now() - Math.max(PEER_TIMEOUT_HEARTBEATS * deps.heartbeatMs, 10_000);
      for (const [peerId, { lastSeen }] of others) {
        if (lastSeen >= stale) continue;
        others.delete(peerId);
        send({ type: 'peer-left', peerId });
      }
      // The room closes with its window, and when the booking is cancelled while someone waits in it.
      try {
        const { summary } = await readCallAccess(deps.db, user, access.record.booking.id, deps.now());
        if (summary.joinState !== 'open') {
          connection.close(CALL_CLOSE_NOT_ADMITTED, summary.message!);
          return;
        }
      } catch (err) {
        if (err instanceof AppError) {
          connection.close(CALL_CLOSE_NOT_ADMITTED, err.message);
          return;
        }
        deps.log.warn({ err, topic }, 'call room check failed');
      }
      if (together()) markTogether();
      await publish({ kind: 'alive', peer: me, userId: user.id });
    })();
  }, deps.heartbeatMs);
  heartbeat.unref();

  return {
    async message(message) {
      if (message.type === 'media') {
        me.media = message.media;
        await publish({ kind: 'media', peerId: me.peerId, media: message.media });
        return;
      }
      // Not checked against the peers met here: when both join at once, an offer can reach a socket
      // before the room has told its server who sent it, and the answer must still get back. Only the
      // addressed socket delivers a signal; one to a peer that left is dropped by nobody's socket.
      await publish({ kind: 'signal', from: me.peerId, to: message.to, description: message.description, candidate: message.candidate });
    },
    closed() {
      if (together()) markTogether();
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      void publish({ kind: 'leave', peerId: me.peerId });
    },
  };
}
