import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { useAiStatus } from './api';
import { useAuth } from '../../lib/session';
import { chatGreeting } from './chat-greeting';
import { ChatBoat } from './chat-boat';
import { ChatComposer } from './chat-composer';
import { ChatHeader } from './chat-header';
import { ChatMessageList } from './chat-message-list';
import { ChatSignInPrompt } from './chat-sign-in-prompt';
import type { ExpertAdviceSlot } from './chat-message-bubble';
import type { Chat, ChatMessage } from './use-chat';

/**
 * The assistant's chat, 600 px high; signed-out visitors see it with a call to sign in instead of the box.
 * The ways to book an expert (the header's menu, the advice under an answer) come from the page.
 */
export function ChatPanel({
  chat,
  bookExpert,
  expertAdvice,
  initialQuestion,
}: {
  chat: Chat;
  bookExpert: ReactNode;
  expertAdvice: ExpertAdviceSlot;
  /** A question handed over in the address (`?question=`, from Help now): in the box, for the owner to send. */
  initialQuestion?: string;
}) {
  const { isAuthenticated } = useAuth();
  // Until the status is known, claim nothing: no web search.
  const webSearch = useAiStatus().data?.webSearch ?? false;
  const greeting: ChatMessage = { id: 'greeting', type: 'ai', content: chatGreeting(webSearch), timestamp: chat.startedAt };
  const waitingText = webSearch ? 'Searching web for manuals and specs...' : 'Searching the knowledge base...';
  const busy = chat.waiting || chat.opening;

  return (
    <Card className="flex h-[600px] min-w-0 flex-col overflow-hidden">
      <ChatHeader
        onNewConversation={isAuthenticated ? chat.startNew : null}
        canStartNew={!busy && (chat.messages.length > 0 || chat.sessionId !== undefined)}
        bookExpert={bookExpert}
      />
      <ChatMessageList
        messages={[greeting, ...chat.messages]}
        waitingText={chat.waiting ? waitingText : null}
        opening={chat.opening}
        onRetry={chat.retry}
        expertAdvice={expertAdvice}
      />
      {isAuthenticated ? (
        <ChatComposer busy={busy} onSend={chat.send} boat={<ChatBoat chat={chat} disabled={busy} />} initialText={initialQuestion} />
      ) : (
        <ChatSignInPrompt />
      )}
    </Card>
  );
}
