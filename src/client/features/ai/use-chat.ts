import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AiMessage } from '@common/ai';
import type { AiCategory } from '@common/ai-rules';
import { ApiError, errorText } from '../../lib/api-request';
import { useAnalyzeImage, useAskAi, useOpenAiConversation } from './api';
import { CURRENT_USER_KEY, useAuth } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { imageAnalysisMessage } from './image-analysis-message';
import { useBoatChoice } from './use-boat-choice';

export interface ChatInput {
  text: string;
  image: File | null;
}

/** Why a message of the owner got no answer, and what sending it again takes. */
export interface SendFailure {
  reason: string;
  input: ChatInput;
  /** The server refused the photo itself (not an image, too large): sending it again cannot help, another can. */
  photoRefused: boolean;
}

/** A message in the chat; the owner's own carries its failure when it got no answer. */
export interface ChatMessage extends AiMessage {
  failure?: SendFailure;
  /** On an answer: the category it was filed under, the specialty 'Book an expert' preselects. */
  category?: AiCategory;
}

/** The boat a conversation is about: its id, and its name when an answer gave it. */
interface ConversationBoat {
  id: string;
  name?: string;
}

/** What an answer said besides its text: its category, whether a professional should look, its boat. */
interface AnswerExtras {
  category?: AiCategory;
  expertAdvised?: boolean;
  /** Absent in the bare answer shape. */
  boat?: { id: string; name: string } | null;
}

interface Conversation {
  /** The server's AI session; unset until an answer names one (the bare answer shapes do not). */
  sessionId?: string;
  /** The category of the latest answer that named one: where 'Book an expert' in the header leads. */
  category?: AiCategory;
  /** The boat the server has the conversation about: null for none, undefined while not known. */
  boat?: ConversationBoat | null;
  startedAt: string;
  messages: ChatMessage[];
}

let localIds = 0;
function newMessage(type: AiMessage['type'], content: string): ChatMessage {
  localIds += 1;
  return { id: `local-${localIds}`, type, content, timestamp: new Date().toISOString() };
}

const freshConversation = (): Conversation => ({ startedAt: new Date().toISOString(), messages: [] });

// For these the server's message says more than 'Failed to analyze image' (too large, not an image, too
// many photos at once: try again in a moment, ...).
const CLEAR_IMAGE_ERRORS = new Set([400, 401, 413, 429, 503]);
// The photo itself was refused: the same file would be refused again.
const PHOTO_REFUSED = new Set([400, 413]);

function imageErrorText(error: unknown): string {
  if (error instanceof ApiError && CLEAR_IMAGE_ERRORS.has(error.status)) return error.serverMessage ?? 'Failed to analyze image';
  return 'Failed to analyze image';
}

/** One conversation with the assistant: its messages, its server session, and sending, retrying, reopening, restarting. */
export function useChat() {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuth();
  const [conversation, setConversation] = useState<Conversation>(freshConversation);
  const boatChoice = useBoatChoice(isAuthenticated);
  const ask = useAskAi();
  const analyze = useAnalyzeImage();
  const open = useOpenAiConversation();

  const append = (message: ChatMessage) => setConversation((current) => ({ ...current, messages: [...current.messages, message] }));

  // An answer without a sessionId (the bare shape) leaves none, so the next question starts a new conversation.
  const receive = (sessionId: string | undefined, content: string, { boat, ...extras }: AnswerExtras = {}) =>
    setConversation((current) => ({
      ...current,
      sessionId,
      category: extras.category ?? current.category,
      boat: boat !== undefined ? boat : current.boat,
      messages: [...current.messages, { ...newMessage('ai', content), ...extras }],
    }));

  const fail = (sent: ChatMessage, failure: SendFailure, error: unknown) => {
    setConversation((current) => ({
      ...current,
      messages: current.messages.map((message) => (message.id === sent.id ? { ...message, failure } : message)),
    }));
    showToast({ title: 'Error', description: failure.reason, variant: 'destructive' });
    // The session ended elsewhere: refetching the user shows the sign-in call to action.
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };

  const send = (input: ChatInput) => {
    const question = input.text.trim();
    const { sessionId } = conversation;
    // A new conversation says its boat; a continued one keeps the boat it started with.
    const boatId = sessionId ? undefined : boatChoice.boatId;
    if (input.image) {
      const sent = newMessage('user', `[Image uploaded] ${question || 'Please analyze this image'}`);
      append(sent);
      analyze.mutate(
        { image: input.image, description: question || undefined, sessionId, boatId },
        {
          onSuccess: (result) =>
            receive(result.sessionId, imageAnalysisMessage(result), {
              category: result.sessionCategory,
              expertAdvised: result.expertAdvised,
              boat: result.boat,
            }),
          onError: (error) =>
            fail(sent, { reason: imageErrorText(error), input, photoRefused: error instanceof ApiError && PHOTO_REFUSED.has(error.status) }, error),
        },
      );
      return;
    }
    const sent = newMessage('user', question);
    append(sent);
    ask.mutate(
      { question, sessionId, ...(boatId !== undefined && { boatId }) },
      {
        onSuccess: (result) =>
          receive(result.sessionId, result.response, { category: result.category, expertAdvised: result.expertAdvised, boat: result.boat }),
        onError: (error) => fail(sent, { reason: errorText(error, 'Failed to get AI response'), input, photoRefused: false }, error),
      },
    );
  };

  /** Sends a failed message again, at the end of the conversation; with another photo when one is given. */
  const retry = (messageId: string, image?: File) => {
    const failed = conversation.messages.find((message) => message.id === messageId)?.failure;
    if (!failed) return;
    setConversation((current) => ({ ...current, messages: current.messages.filter((message) => message.id !== messageId) }));
    send({ ...failed.input, image: image ?? failed.input.image });
  };

  const openConversation = (id: string) =>
    open.mutate(id, {
      onSuccess: (loaded) =>
        setConversation({
          sessionId: loaded.id,
          category: loaded.category,
          boat: loaded.boatId ? { id: loaded.boatId } : null,
          startedAt: loaded.createdAt,
          messages: loaded.messages.map((message) => (message.type === 'ai' ? { ...message, category: loaded.category } : message)),
        }),
      onError: (error) =>
        showToast({ title: 'Error', description: errorText(error, 'Failed to open the conversation'), variant: 'destructive' }),
    });

  const waiting = ask.isPending || analyze.isPending;
  const { boat } = conversation;
  // A reopened conversation names its boat by id: its name is in My Boats (unless it has left them).
  const boatName = boat ? (boat.name ?? boatChoice.boats?.find((own) => own.id === boat.id)?.name) : undefined;
  return {
    ...conversation,
    /** Which boat the next question starts a conversation about; the owner picks it until one is under way. */
    boatChoice,
    /** The name of the boat the conversation under way is about; undefined for none (or not known). */
    boatName,
    /** A question or an image analysis is waiting for its answer. */
    waiting,
    opening: open.isPending,
    send,
    retry,
    openConversation,
    startNew: () => {
      setConversation(freshConversation());
      boatChoice.reset();
    },
  };
}

export type Chat = ReturnType<typeof useChat>;
