import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CallInfo } from '@common/video-call';
import { CURRENT_USER_KEY } from '../../lib/session';
import { CallConnection, type CallSnapshot } from './call-connection';

declare global {
  interface Window {
    /** The live call, for the browser journeys' getStats checks. */
    __kbCall?: CallConnection;
  }
}

export interface Call {
  snapshot: CallSnapshot;
  toggleAudio(): void;
  toggleVideo(): void;
  toggleScreenShare(): Promise<void>;
  toggleLowBandwidth(): Promise<void>;
  leave(): void;
}

/** The call of a booking while this component is mounted: joins on mount, leaves on unmount. */
export function useCall(info: CallInfo, localStream: MediaStream): Call {
  const [snapshot, setSnapshot] = useState<CallSnapshot | null>(null);
  const connection = useRef<CallConnection | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    // A connection left by this cleanup (unmount, new devices, React's development double run) must not
    // report its own 'You left the call.' over the connection that replaces it.
    let current = true;
    const call = new CallConnection({
      bookingId: info.bookingId,
      role: info.role,
      iceServers: info.iceServers,
      localStream,
      onChange: (next) => {
        if (current) setSnapshot(next);
      },
      // Signed out, the page goes to sign in (RequireAuth) rather than retrying with a dead session.
      onSessionDoubt: () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    });
    connection.current = call;
    window.__kbCall = call;
    return () => {
      current = false;
      call.leave();
      if (window.__kbCall === call) delete window.__kbCall;
    };
  }, [info.bookingId, info.role, info.iceServers, localStream, queryClient]);

  const current = snapshot ?? {
    phase: 'connecting',
    remoteStream: null,
    remotePeer: null,
    closedReason: null,
    roomClosed: false,
    media: { audio: false, video: false, screen: false },
    lowBandwidth: false,
  };
  return {
    snapshot: current,
    toggleAudio: () => connection.current?.setAudioEnabled(!current.media.audio),
    toggleVideo: () => connection.current?.setVideoEnabled(!current.media.video),
    toggleScreenShare: async () => {
      if (current.media.screen) await connection.current?.stopScreenShare();
      else await connection.current?.startScreenShare();
    },
    toggleLowBandwidth: async () => {
      await connection.current?.setLowBandwidth(!current.lowBandwidth);
    },
    leave: () => connection.current?.leave(),
  };
}
