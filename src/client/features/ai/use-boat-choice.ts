import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Boat } from '@common/boats';
import { useBoats } from '../boats';

/** `/ai-assistant?boat={id}`: a conversation about one of the owner's boats (from the boat's page). */
export const BOAT_PARAM = 'boat';

/** The choice before any pick: the boat of the link when it is one of theirs, else their only boat, else none (''). */
export function defaultBoatChoice(boats: readonly Pick<Boat, 'id'>[], fromLink: string | null): string {
  if (fromLink && boats.some((boat) => boat.id === fromLink)) return fromLink;
  return boats.length === 1 ? boats[0]!.id : '';
}

/**
 * Which of the owner's boats a new conversation is about ('About which boat?'): '' for none. What the
 * question sends: the boat's id, or null for none, said outright so the server does not assume the only
 * boat the owner deselected; undefined while the boats are not known (the server then assumes the only
 * boat, as the choice would).
 */
export function useBoatChoice(signedIn: boolean) {
  const [searchParams] = useSearchParams();
  const boats = useBoats(signedIn);
  const list = signedIn ? boats.data : undefined;
  // undefined: not picked, the default holds (it follows the boats as they load).
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const fallback = list ? defaultBoatChoice(list, searchParams.get(BOAT_PARAM)) : '';
  const value = picked !== undefined && (picked === '' || list?.some((boat) => boat.id === picked)) ? picked : fallback;
  return {
    /** The owner's boats; undefined until read (or signed out). */
    boats: list,
    value,
    pick: (id: string) => setPicked(id),
    /** Back to the default, for a new conversation. */
    reset: () => setPicked(undefined),
    /** What a new conversation's first question sends as `boatId`. */
    boatId: list ? value || null : undefined,
  };
}

export type BoatChoice = ReturnType<typeof useBoatChoice>;
