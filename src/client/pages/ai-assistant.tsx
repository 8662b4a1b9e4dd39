import { useSearchParams } from 'react-router';
import { QUESTION_MAX_LENGTH } from '@common/ai-rules';
import { AiHero, ChatPanel, ConversationHistory, HelpTopics, TipsCard, useChat } from '../features/ai';
import { BookExpertMenu, ExpertAdvice } from '../features/ai-handoff';
import { PageContainer } from '../app/page-header';
import { useAuth } from '../lib/session';
import { cn } from '../lib/cn';

export default function AiAssistantPage() {
  const { isAuthenticated } = useAuth();
  const chat = useChat();
  // Help now hands over the owner's sentence when nobody answered (`?question=`): it waits in the box.
  const [search] = useSearchParams();
  const question = search.get('question')?.slice(0, QUESTION_MAX_LENGTH) ?? undefined;
  return (
    <>
      <AiHero />
      <PageContainer className="flex flex-col gap-10">
        <div className={cn('grid gap-6', isAuthenticated && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
          <ChatPanel
            chat={chat}
            initialQuestion={question}
            bookExpert={<BookExpertMenu category={chat.category} sessionId={chat.sessionId} variant="onDark" compact />}
            expertAdvice={(category) => <ExpertAdvice category={category} sessionId={chat.sessionId} />}
          />
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
