import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AiMessage } from '@common/ai';
import { ApiError, errorText } from '../../lib/api-request';
import { useAnalyzeImage, useAskAi, useOpenAiConversation } from '../../lib/api/ai';
import { CURRENT_USER_KEY } from '../../lib/api/auth';
import { showToast } from '../../lib/toast';
import { imageAnalysisMessage } from './image-analysis-message';

interface Conversation {
  /** The server's AI session; unset until the first answer of a new conversation. */
  sessionId?: string;
  startedAt: string;
  messages: AiMessage[];
}

export interface ChatInput {
  text: string;
  image: File | null;
}

let localIds = 0;
function newMessage(type: AiMessage['type'], content: string): AiMessage {
  localIds += 1;
  return { id: `local-${localIds}`, type, content, timestamp: new Date().toISOString() };
}

const freshConversation = (): Conversation => ({ startedAt: new Date().toISOString(), messages: [] });

// For these the server's message says more than 'Failed to analyze image' (too large, not an image, ...).
const CLEAR_IMAGE_ERRORS = new Set([400, 401, 413, 429]);

function imageErrorText(error: unknown): string {
  if (error instanceof ApiError && CLEAR_IMAGE_ERRORS.has(error.status)) return error.serverMessage ?? 'Failed to analyze image';
  return 'Failed to analyze image';
}

/** One conversation with the assistant: its messages, its server session, and sending, reopening, restarting. */
export function useChat() {
  const queryClient = useQueryClient();
  const [conversation, setConversation] = useState<Conversation>(freshConversation);
  const ask = useAskAi();
  const analyze = useAnalyzeImage();
  const open = useOpenAiConversation();

  const append = (message: AiMessage, sessionId?: string) =>
    setConversation((current) => ({
      ...current,
      sessionId: sessionId ?? current.sessionId,
      messages: [...current.messages, message],
    }));

  const receive = (sessionId: string, content: string) => append(newMessage('ai', content), sessionId);

  const fail = (error: unknown, description: string) => {
    showToast({ title: 'Error', description, variant: 'destructive' });
    // The session ended elsewhere: refetching the user shows the sign-in call to action.
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };

  const send = ({ text, image }: ChatInput) => {
    const question = text.trim();
    const { sessionId } = conversation;
    if (image) {
      append(newMessage('user', `[Image uploaded] ${question || 'Please analyze this image'}`));
      analyze.mutate(
        { image, description: question || undefined, sessionId },
        {
          onSuccess: (result) => receive(result.sessionId, imageAnalysisMessage(result)),
          onError: (error) => fail(error, imageErrorText(error)),
        },
      );
      return;
    }
    append(newMessage('user', question));
    ask.mutate(
      { question, sessionId },
      {
        onSuccess: (result) => receive(result.sessionId, result.response),
        onError: (error) => fail(error, errorText(error, 'Failed to get AI response')),
      },
    );
  };

  const openConversation = (id: string) =>
    open.mutate(id, {
      onSuccess: (loaded) => setConversation({ sessionId: loaded.id, startedAt: loaded.createdAt, messages: loaded.messages }),
      onError: (error) =>
        showToast({ title: 'Error', description: errorText(error, 'Failed to open the conversation'), variant: 'destructive' }),
    });

  return {
    ...conversation,
    /** A question or an image analysis is waiting for its answer. */
    waiting: ask.isPending || analyze.isPending,
    opening: open.isPending,
    send,
    openConversation,
    startNew: () => setConversation(freshConversation()),
  };
}

export type Chat = ReturnType<typeof useChat>;
