import { Card } from '../ui/card';
import { useAiStatus } from '../../lib/api/ai';
import { useAuth } from '../../lib/api/auth';
import { chatGreeting } from './chat-greeting';
import { ChatComposer } from './chat-composer';
import { ChatHeader } from './chat-header';
import { ChatMessageList } from './chat-message-list';
import { ChatSignInPrompt } from './chat-sign-in-prompt';
import { BookExpertMenu } from '../ai-handoff/book-expert-menu';
import type { Chat, ChatMessage } from './use-chat';

/** The assistant's chat, 600 px high; signed-out visitors see it with a call to sign in instead of the box. */
export function ChatPanel({ chat }: { chat: Chat }) {
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
        bookExpert={<BookExpertMenu category={chat.category} sessionId={chat.sessionId} variant="onDark" compact />}
      />
      <ChatMessageList
        messages={[greeting, ...chat.messages]}
        waitingText={chat.waiting ? waitingText : null}
        opening={chat.opening}
        onRetry={chat.retry}
        sessionId={chat.sessionId}
      />
      {isAuthenticated ? <ChatComposer busy={busy} onSend={chat.send} /> : <ChatSignInPrompt />}
    </Card>
  );
}
