import { AiHero } from '../components/ai/ai-hero';
import { ChatPanel } from '../components/ai/chat-panel';
import { ConversationHistory } from '../components/ai/conversation-history';
import { HelpTopics } from '../components/ai/help-topics';
import { TipsCard } from '../components/ai/tips-card';
import { useChat } from '../components/ai/use-chat';
import { PageContainer } from '../components/layout/page-header';
import { useAuth } from '../lib/api/auth';
import { cn } from '../lib/cn';

export default function AiAssistantPage() {
  const { isAuthenticated } = useAuth();
  const chat = useChat();
  return (
    <>
      <AiHero />
      <PageContainer className="flex flex-col gap-10">
        <div className={cn('grid gap-6', isAuthenticated && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
          <ChatPanel chat={chat} />
          {isAuthenticated ? (
            <ConversationHistory
              activeSessionId={chat.sessionId}
              disabled={chat.waiting || chat.opening}
              onOpen={chat.openConversation}
            />
          ) : null}
        </div>
        <HelpTopics />
        <TipsCard />
      </PageContainer>
    </>
  );
}
