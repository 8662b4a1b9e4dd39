import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AI_SESSION_PARAM } from '@common/ai-handoff-rules';
import { aiConversationQueryOptions } from '../ai';
import { useAuth } from '../../lib/session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The assistant conversation a booking form was opened from ('Book an expert' in the chat), offered for
 * attaching and ticked by default. It is offered only once it has loaded as the owner's own: a link to
 * anyone else's conversation offers nothing (and the server would refuse it anyway).
 */
export function useConversationAttachment() {
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const raw = searchParams.get(AI_SESSION_PARAM) ?? '';
  const sessionId = UUID.test(raw) ? raw : null;
  const conversation = useQuery({ ...aiConversationQueryOptions(sessionId ?? ''), enabled: !!sessionId && !!user, retry: false });
  const [attach, setAttach] = useState(true);
  const offered = sessionId && conversation.data ? conversation.data : null;
  return {
    /** The conversation offered, or null when there is none to offer. */
    conversation: offered,
    attach,
    setAttach,
    /** What the booking request carries: the conversation's id when it is offered and ticked. */
    payload: (): { aiSessionId?: string } => (offered && attach ? { aiSessionId: offered.id } : {}),
  };
}

export type ConversationAttachment = ReturnType<typeof useConversationAttachment>;
