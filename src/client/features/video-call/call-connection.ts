import {
  CALL_CLOSE_NOT_ADMITTED,
  CALL_CLOSE_REPLACED,
  type CallClientMessage,
  type CallPeer,
  type CallRole,
  type CallServerMessage,
  type IceServer,
  type MediaState,
} from '@common/video-call';
import { LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';

/**
 * One side of a booking's call: the signalling socket and the peer connection to the other party.
 * Negotiation is MDN's 'perfect negotiation': the expert offers first, then both sides offer whenever they
 * need to, and when offers cross, the polite side (the owner) yields. No React here; `use-call.ts` holds it
 * for the screens.
 */

export type CallPhase =
  /** Opening the signalling socket. */
  | 'connecting'
  /** In the room, the other party is not. */
  | 'waiting'
  /** The other party is in; media is being set up. */
  | 'joining'
  | 'connected'
  /** Media or signalling dropped; trying to get it back. */
  | 'reconnecting'
  /** The room refused or closed this side (the reason says why), or this side left. */
  | 'closed';

export interface CallSnapshot {
  phase: CallPhase;
  remoteStream: MediaStream | null;
  remotePeer: CallPeer | null;
  /** Why the call closed, for the screen to show. */
  closedReason: string | null;
  /** The room closed for good (window over, booking cancelled), as opposed to this side leaving or being replaced. */
  roomClosed: boolean;
  /** What this side sends. */
  media: MediaState;
  lowBandwidth: boolean;
}

/** Low-bandwidth mode: a quarter of the resolution at about 150 kbit/s (audio goes on untouched). */
const LOW_BANDWIDTH = { scaleResolutionDownBy: 4, maxBitrate: 150_000 };
/**
 * A call starts at half resolution. WebRTC's first bandwidth estimate (300 kbit/s) is too low for 720p, and
 * its encoder drops the first frames of an HD camera until it has scaled down on its own: starting at half
 * resolution shows the other party sooner (`npm run bench video` measures it).
 */
const START_SCALE = 2;
/** Full resolution once the connection's estimate can carry it. */
const HD_BITRATE = 1_000_000;
const HD_CHECK_MS = 500;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

interface Negotiation {
  pc: RTCPeerConnection;
  peerId: string;
  makingOffer: boolean;
  ignoreOffer: boolean;
  settingRemoteAnswer: boolean;
  remoteStream: MediaStream;
  audioSender: RTCRtpSender | null;
  videoSender: RTCRtpSender | null;
  /** The estimate has reached HD_BITRATE: the video goes at full resolution. */
  fullResolution: boolean;
  hdCheck: ReturnType<typeof setInterval> | null;
}

export interface CallConnectionOptions {
  bookingId: string;
  role: CallRole;
  iceServers: IceServer[];
  /** The camera and microphone tracks chosen in the waiting room; either may be missing (receive only). */
  localStream: MediaStream;
  onChange(snapshot: CallSnapshot): void;
  /** The session may have ended (the socket said so, or an attempt to connect was refused): ask who is signed in. */
  onSessionDoubt(): void;
}

export class CallConnection {
  private socket: WebSocket | null = null;
  private myPeerId: string | null = null;
  private current: Negotiation | null = null;
  private signals = Promise.resolve();
  /** Signals from a peer the room has not announced here yet, by peer id: replayed once it is. */
  private heldSignals = new Map<string, Extract<CallServerMessage, { type: 'signal' }>[]>();
  private reconnectAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private left = false;
  private screenTrack: MediaStreamTrack | null = null;
  private lowBandwidth = false;
  private media: MediaState;
  private snapshot: CallSnapshot;
  // The owner yields when offers cross; the expert's offer wins.
  private readonly polite: boolean;

  constructor(private readonly options: CallConnectionOptions) {
    this.polite = options.role === 'owner';
    this.media = {
      audio: options.localStream.getAudioTracks().some((t) => t.enabled),
      video: options.localStream.getVideoTracks().some((t) => t.enabled),
      screen: false,
    };
    this.snapshot = { phase: 'connecting', remoteStream: null, remotePeer: null, closedReason: null, roomClosed: false, media: { ...this.media }, lowBandwidth: false };
    this.open();
  }

  get state(): CallSnapshot {
    return this.snapshot;
  }

  /** The peer connection, for the browser journeys' checks (getStats) and nothing else. */
  get peerConnection(): RTCPeerConnection | null {
    return this.current?.pc ?? null;
  }

  private update(change: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    this.options.onChange(this.snapshot);
  }

  private open() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/api/bookings/${encodeURIComponent(this.options.bookingId)}/call/live`);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => (opened = true);
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as CallServerMessage);
    socket.onclose = (event) => this.socketClosed(socket, event, opened);
  }

  private send(message: CallClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private socketClosed(socket: WebSocket, event: CloseEvent, opened: boolean) {
    if (socket !== this.socket || this.left) return;
    this.socket = null;
    this.myPeerId = null;
    if (event.code === CALL_CLOSE_NOT_ADMITTED || event.code === CALL_CLOSE_REPLACED || event.code === 1008) {
      this.end(event.reason || 'The call room closed.', event.code === CALL_CLOSE_NOT_ADMITTED);
      return;
    }
    // Signed out (here, elsewhere, or by an administrator): the call ends, and the page learns who is
    // signed in; a refused attempt to reconnect may be the same (the browser does not say why).
    if (event.code === LIVE_CLOSE_SESSION_ENDED) {
      this.end(event.reason || 'You were signed out.', false);
      this.options.onSessionDoubt();
      return;
    }
    if (!opened) this.options.onSessionDoubt();
    // The server went away or the network dropped: media may still flow, signalling comes back on its own.
    this.update({ phase: 'reconnecting' });
    const delay = RECONNECT_DELAYS_MS[Math.min(this.reconnectAttempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private receive(message: CallServerMessage) {
    switch (message.type) {
      case 'welcome':
        this.myPeerId = message.peerId;
        this.reconnectAttempt = 0;
        this.send({ type: 'media', media: this.media });
        if (!this.current) this.update({ phase: 'waiting' });
        return;
      case 'peer': {
        // A window the other party just closed can still announce itself after their new one did: the
        // newer socket is the one in the call.
        const known = this.snapshot.remotePeer;
        if (known && known.peerId !== message.peer.peerId && known.joinedAt > message.peer.joinedAt && this.current) return;
        this.update({ remotePeer: message.peer });
        if (this.current?.peerId !== message.peer.peerId) {
          this.startNegotiation(message.peer.peerId);
          this.replayHeldSignals(message.peer.peerId);
        }
        return;
      }
      case 'peer-media':
        if (this.snapshot.remotePeer?.peerId === message.peerId) this.update({ remotePeer: { ...this.snapshot.remotePeer, media: message.media } });
        return;
      case 'peer-left':
        this.heldSignals.delete(message.peerId);
        if (this.current?.peerId !== message.peerId) return;
        this.closeNegotiation();
        this.update({ phase: 'waiting', remoteStream: null, remotePeer: null });
        return;
      case 'signal': {
        const { from } = message;
        this.signals = this.signals.then(() => this.handleSignal(from, message)).catch((error: unknown) => console.warn('signal failed', error));
        return;
      }
      case 'error':
        console.warn('call room:', message.message);
        return;
    }
  }

  /** A new peer connection to this peer id (the other party joined, or came back after a drop). */
  private startNegotiation(peerId: string) {
    this.closeNegotiation();
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const remoteStream = new MediaStream();
    const negotiation: Negotiation = {
      pc,
      peerId,
      makingOffer: false,
      ignoreOffer: false,
      settingRemoteAnswer: false,
      remoteStream,
      audioSender: null,
      videoSender: null,
      fullResolution: false,
      hdCheck: null,
    };
    this.current = negotiation;
    const stream = this.options.localStream;
    const audio = stream.getAudioTracks()[0];
    const video = this.screenTrack ?? stream.getVideoTracks()[0];
    if (audio) negotiation.audioSender = pc.addTrack(audio, stream);
    if (video) negotiation.videoSender = pc.addTrack(video, stream);
    // Muted or camera off: the sender sends nothing at all, not silence or black frames.
    if (negotiation.audioSender && !this.media.audio) void negotiation.audioSender.replaceTrack(null);
    if (negotiation.videoSender && !this.media.video && !this.screenTrack) void negotiation.videoSender.replaceTrack(null);
    if (!audio) pc.addTransceiver('audio', { direction: 'recvonly' });
    if (!video) pc.addTransceiver('video', { direction: 'recvonly' });

    pc.ontrack = ({ track }) => {
      remoteStream.addTrack(track);
      this.update({ remoteStream });
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && this.current === negotiation) {
        const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
        this.send({ type: 'signal', to: peerId, candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment } });
      }
    };
    pc.onnegotiationneeded = async () => {
      // The expert makes the first offer and the owner answers it. When both offered at once, Chromium's
      // owner side rolled its offer back as perfect negotiation says, and then gathered no candidates at all:
      // the call never connected (seen in the 'both join at the same moment' journey). Later changes
      // (screen sharing, an ICE restart) may come from either side.
      if (this.polite && !pc.remoteDescription) return;
      try {
        negotiation.makingOffer = true;
        await pc.setLocalDescription();
        const description = pc.localDescription!;
        if (this.current === negotiation) this.send({ type: 'signal', to: peerId, description: { type: description.type as 'offer', sdp: description.sdp } });
        // The offer goes first (its candidates follow it); the encodings exist from here, before any media flows.
        await this.applyBandwidth();
      } catch (error) {
        console.warn('offer failed', error);
      } finally {
        negotiation.makingOffer = false;
      }
    };
    pc.onconnectionstatechange = () => {
      if (this.current !== negotiation) return;
      switch (pc.connectionState) {
        case 'connected':
          this.update({ phase: 'connected' });
          this.watchForFullResolution(negotiation);
          return;
        case 'disconnected':
          this.update({ phase: 'reconnecting' });
          return;
        case 'failed':
          // The path broke (a network change): new candidates, same call. The expert restarts, so that the
          // two restarts' offers do not cross.
          this.update({ phase: 'reconnecting' });
          if (!this.polite) pc.restartIce();
          return;
      }
    };
    this.update({ phase: 'joining', remoteStream });
  }

  private async handleSignal(from: string, message: Extract<CallServerMessage, { type: 'signal' }> | null) {
    const negotiation = this.current;
    if (!negotiation || negotiation.peerId !== from) {
      // When both join at once, the other side's offer can arrive before the room has announced it here:
      // kept until it is. A window that closed meanwhile is announced as gone, and its signals dropped.
      if (message) this.holdSignal(from, message);
      return;
    }
    // What arrived early goes first, in its order.
    const early = this.heldSignals.get(from) ?? [];
    this.heldSignals.delete(from);
    for (const held of early) await this.applySignal(negotiation, from, held).catch((error: unknown) => console.warn('signal failed', error));
    if (message) await this.applySignal(negotiation, from, message);
  }

  private async applySignal(negotiation: Negotiation, from: string, message: Extract<CallServerMessage, { type: 'signal' }>) {
    const { pc } = negotiation;
    if (message.description) {
      const description = message.description;
      const readyForOffer = !negotiation.makingOffer && (pc.signalingState === 'stable' || negotiation.settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      negotiation.ignoreOffer = !this.polite && collision;
      if (negotiation.ignoreOffer) return;
      negotiation.settingRemoteAnswer = description.type === 'answer';
      await pc.setRemoteDescription(description);
      negotiation.settingRemoteAnswer = false;
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        const answer = pc.localDescription!;
        this.send({ type: 'signal', to: from, description: { type: answer.type as 'answer', sdp: answer.sdp } });
        await this.applyBandwidth();
      }
      return;
    }
    if (message.candidate) {
      try {
        await pc.addIceCandidate(message.candidate);
      } catch (error) {
        // Candidates of an offer this side ignored fail to apply: expected.
        if (!negotiation.ignoreOffer) throw error;
      }
    }
  }

  private holdSignal(peerId: string, message: Extract<CallServerMessage, { type: 'signal' }>) {
    const held = this.heldSignals.get(peerId) ?? [];
    // A peer that is never announced must not fill memory: an offer and its candidates are a few dozen.
    if (held.length < 100) held.push(message);
    this.heldSignals.set(peerId, held);
  }

  /** Hands the announced peer's early signals to the negotiation just started with it. */
  private replayHeldSignals(peerId: string) {
    if (!this.heldSignals.has(peerId)) return;
    this.signals = this.signals.then(() => this.handleSignal(peerId, null)).catch((error: unknown) => console.warn('signal failed', error));
  }

  /** Lifts the start's half resolution once the connection's bandwidth estimate can carry HD. */
  private watchForFullResolution(negotiation: Negotiation) {
    if (negotiation.fullResolution || negotiation.hdCheck) return;
    negotiation.hdCheck = setInterval(async () => {
      let estimate = 0;
      try {
        (await negotiation.pc.getStats()).forEach((stat: { type: string; nominated?: boolean; availableOutgoingBitrate?: number }) => {
          if (stat.type === 'candidate-pair' && stat.nominated) estimate = Math.max(estimate, stat.availableOutgoingBitrate ?? 0);
        });
      } catch {
        // The peer connection closed while its statistics were being read: nothing left to lift.
        return;
      }
      if (estimate < HD_BITRATE || negotiation.fullResolution) return;
      negotiation.fullResolution = true;
      clearInterval(negotiation.hdCheck!);
      negotiation.hdCheck = null;
      if (this.current === negotiation) void this.applyBandwidth();
    }, HD_CHECK_MS);
  }

  private closeNegotiation() {
    if (!this.current) return;
    if (this.current.hdCheck) clearInterval(this.current.hdCheck);
    this.current.pc.onconnectionstatechange = null;
    this.current.pc.close();
    this.current = null;
  }

  private shareMedia() {
    this.send({ type: 'media', media: this.media });
    this.update({ media: { ...this.media } });
  }

  setAudioEnabled(enabled: boolean) {
    const track = this.options.localStream.getAudioTracks()[0];
    if (!track) return;
    track.enabled = enabled;
    this.media.audio = enabled;
    void this.current?.audioSender?.replaceTrack(enabled ? track : null);
    this.shareMedia();
  }

  setVideoEnabled(enabled: boolean) {
    const track = this.options.localStream.getVideoTracks()[0];
    if (!track) return;
    track.enabled = enabled;
    this.media.video = enabled;
    // While the screen is shared, the camera's state changes what returns when sharing stops.
    if (!this.screenTrack) void this.current?.videoSender?.replaceTrack(enabled ? track : null);
    this.shareMedia();
  }

  /** Sends the screen instead of the camera, until `stopScreenShare` or the browser's own 'Stop sharing'. */
  async startScreenShare(): Promise<void> {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = display.getVideoTracks()[0]!;
    this.screenTrack = track;
    track.onended = () => void this.stopScreenShare();
    const negotiation = this.current;
    if (negotiation?.videoSender) await negotiation.videoSender.replaceTrack(track);
    // With no camera there is no video sender yet: adding one renegotiates.
    else if (negotiation) negotiation.videoSender = negotiation.pc.addTrack(track, display);
    this.media.screen = true;
    this.shareMedia();
    await this.applyBandwidth();
  }

  async stopScreenShare(): Promise<void> {
    if (!this.screenTrack) return;
    this.screenTrack.onended = null;
    this.screenTrack.stop();
    this.screenTrack = null;
    const camera = this.options.localStream.getVideoTracks()[0];
    await this.current?.videoSender?.replaceTrack(camera && this.media.video ? camera : null);
    this.media.screen = false;
    this.shareMedia();
  }

  async setLowBandwidth(on: boolean) {
    this.lowBandwidth = on;
    this.update({ lowBandwidth: on });
    await this.applyBandwidth();
  }

  /** The video's resolution and bitrate: low-bandwidth mode, or the start's half resolution, or full. */
  private async applyBandwidth() {
    const negotiation = this.current;
    const sender = negotiation?.videoSender;
    if (!sender) return;
    const parameters = sender.getParameters();
    // Before the first offer or answer the sender has no encodings yet; this runs again once it has.
    if (!parameters.encodings?.length) return;
    for (const encoding of parameters.encodings) {
      if (this.lowBandwidth) Object.assign(encoding, LOW_BANDWIDTH);
      else {
        encoding.scaleResolutionDownBy = negotiation.fullResolution ? 1 : START_SCALE;
        delete encoding.maxBitrate;
      }
    }
    // A change that loses a race with another one is made again by the next call; it never stops the call.
    await sender.setParameters(parameters).catch((error: unknown) => console.warn('video parameters not applied', error));
  }

  private end(reason: string, roomClosed: boolean) {
    this.closeNegotiation();
    this.update({ phase: 'closed', closedReason: reason, roomClosed, remoteStream: null });
  }

  /** Leaves the call: the other side sees this side go. */
  leave() {
    this.left = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.screenTrack?.stop();
    this.socket?.close(1000, 'Left the call.');
    this.socket = null;
    this.end('You left the call.', false);
  }
}
