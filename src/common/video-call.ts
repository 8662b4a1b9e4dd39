import { z } from 'zod';
import type { BookingStatus } from './bookings-status.js';
import type { ServiceType } from './roles.js';
import { formatClockTime, localMinutesOf } from './zoned-time.js';

/**
 * The video consultation room: who may join a booking's call and when, the call endpoint's answer, and the
 * signalling protocol's messages. One rule for the HTTP endpoint, the WebSocket's admission and the screens.
 */

/** The room opens this long before the scheduled start... */
export const ROOM_OPENS_BEFORE_MS = 10 * 60_000;
/** ...and closes this long after the scheduled end (a call may run over). */
export const ROOM_CLOSES_AFTER_MS = 30 * 60_000;

export const CALL_ROLES = ['owner', 'expert'] as const;
export type CallRole = (typeof CALL_ROLES)[number];

export const JOIN_STATES = ['open', 'too-early', 'ended', 'not-confirmed', 'cancelled', 'not-video'] as const;
export type JoinState = (typeof JOIN_STATES)[number];

export interface CallBooking {
  serviceType: ServiceType;
  status: BookingStatus;
  startsAt: Date | string;
  endsAt: Date | string;
}

export function roomOpensAt(booking: Pick<CallBooking, 'startsAt'>): Date {
  return new Date(new Date(booking.startsAt).getTime() - ROOM_OPENS_BEFORE_MS);
}

export function roomClosesAt(booking: Pick<CallBooking, 'endsAt'>): Date {
  return new Date(new Date(booking.endsAt).getTime() + ROOM_CLOSES_AFTER_MS);
}

/** Whether the booking's two parties may be in its call room now, and if not, why. */
export function joinStateOf(booking: CallBooking, now: Date): JoinState {
  if (booking.serviceType !== 'video') return 'not-video';
  if (booking.status === 'requested') return 'not-confirmed';
  if (booking.status === 'cancelled' || booking.status === 'declined' || booking.status === 'expired') return 'cancelled';
  if (now.getTime() >= roomClosesAt(booking).getTime()) return 'ended';
  // A missed booking's call is over even while the window lasts; a completed one may still be rejoined.
  if (booking.status === 'no_show') return 'ended';
  if (now.getTime() < roomOpensAt(booking).getTime()) return 'too-early';
  return 'open';
}

/**
 * What the refusal says, in the booking's zone ('The room opens at 2:50 PM (10 minutes before the start)').
 * The screens show the viewer's own clock beside it when the zones differ.
 */
export function joinRefusalMessage(state: Exclude<JoinState, 'open'>, booking: CallBooking & { timeZone: string; status: BookingStatus }): string {
  switch (state) {
    case 'too-early': {
      const opensAt = roomOpensAt(booking);
      return `The room opens at ${formatClockTime(localMinutesOf(opensAt, booking.timeZone))} (10 minutes before the start).`;
    }
    case 'ended':
      return booking.status === 'no_show'
        ? 'This consultation was recorded as missed, so its call room is closed.'
        : 'This consultation has ended. The call room closes 30 minutes after the scheduled end.';
    case 'not-confirmed':
      return 'The expert has not confirmed this booking yet. The call room opens once it is confirmed, 10 minutes before the start.';
    case 'cancelled':
      return booking.status === 'declined'
        ? 'This booking was declined, so there is no call to join.'
        : booking.status === 'expired'
          ? 'This booking expired before the expert answered, so there is no call to join.'
          : 'This booking was cancelled, so there is no call to join.';
    case 'not-video':
      return 'This is an onsite service visit, not a video consultation, so it has no call room.';
  }
}

/** An RTCIceServer as the browser takes it (ICE_SERVERS). */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** One of the caller's video calls and whether it can be joined now (the server's clock decides). */
export const callSummarySchema = z.object({
  bookingId: z.uuid(),
  number: z.number().int(),
  role: z.enum(CALL_ROLES),
  /** The other party's name: the expert for the owner, the owner for the expert. */
  otherPartyName: z.string(),
  expertName: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timeZone: z.string(),
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  joinState: z.enum(JOIN_STATES),
  /** Why the room cannot be joined now; null when it can. */
  message: z.string().nullable(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/** `GET /api/bookings/{id}/call`: the room of one booking, for its owner or its expert. */
export const callInfoSchema = callSummarySchema.extend({
  /** The server's clock when it answered: the timer and the countdown follow it, not the device's. */
  serverNow: z.iso.datetime(),
  iceServers: z.array(iceServerSchema),
});
export type CallInfo = z.infer<typeof callInfoSchema>;

/* ---------- Signalling (WebSocket /api/bookings/{id}/call/live; docs/ARCHITECTURE.md#realtime) ---------- */

/** What each side sends and receives of its own media, so the other side can say 'muted' or 'camera off'. */
export const mediaStateSchema = z.object({
  audio: z.boolean(),
  video: z.boolean(),
  screen: z.boolean(),
});
export type MediaState = z.infer<typeof mediaStateSchema>;

const peerId = z.uuid({ error: 'Unknown peer.' });

export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(40_000, 'The session description is too large.'),
});

export const iceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

const signalSchema = z
  .object({
    type: z.literal('signal'),
    to: peerId,
    description: sessionDescriptionSchema.optional(),
    /** null: the sender has gathered all its candidates. */
    candidate: iceCandidateSchema.nullable().optional(),
  })
  .refine((m) => (m.description === undefined) !== (m.candidate === undefined), 'A signal carries a description or a candidate.');

/** Client to server: a description or candidate for the other party, or this side's media state. */
export const callClientMessageSchema = z.union([signalSchema, z.object({ type: z.literal('media'), media: mediaStateSchema })], {
  error: "type must be 'signal' or 'media'",
});
export type CallClientMessage = z.infer<typeof callClientMessageSchema>;

export interface CallPeer {
  peerId: string;
  role: CallRole;
  name: string;
  media: MediaState;
  /** When the socket opened (server time, ms): of two sockets of one person, the newer is the one in the call. */
  joinedAt: number;
}

/** Server to client. */
export type CallServerMessage =
  /** First message: this socket's own peer id, and who is in the room already (more may follow as peer). */
  | { type: 'welcome'; peerId: string; role: CallRole }
  /** The other party is in the room (just joined, or was there when this side joined). */
  | { type: 'peer'; peer: CallPeer }
  | { type: 'peer-left'; peerId: string }
  | { type: 'peer-media'; peerId: string; media: MediaState }
  | { type: 'signal'; from: string; description?: z.infer<typeof sessionDescriptionSchema>; candidate?: z.infer<typeof iceCandidateSchema> | null }
  | { type: 'error'; message: string };

/** Close codes of the call socket beyond the shared ones (live-socket.ts CLOSE): the same person joined elsewhere. */
export const CALL_CLOSE_REPLACED = 4409;
/** The room's window closed, or the booking stopped being joinable: the reason is the close reason. */
export const CALL_CLOSE_NOT_ADMITTED = 4403;
