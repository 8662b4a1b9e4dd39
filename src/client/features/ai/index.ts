// The ai feature's door: what pages, the app and other features may use of it.
export { AiHero } from './ai-hero';
export { AiMessageContent } from './ai-message-content';
export { AiSettingsCard } from './ai-settings-card';
export { aiConversationQueryOptions, aiStatusQueryOptions, useAiSessions } from './api';
export { ChatPanel } from './chat-panel';
export { ConversationHistory } from './conversation-history';
export { HelpTopics } from './help-topics';
export { TipsCard } from './tips-card';
export { useChat } from './use-chat';
