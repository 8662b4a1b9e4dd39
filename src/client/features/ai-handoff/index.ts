// The ai-handoff feature's door: what pages, the app and other features may use of it.
export { useNearbyExperts } from './api';
export { AttachConversationField } from './attach-conversation-field';
export { BookExpertMenu } from './book-expert-menu';
export { BookingAiConversation } from './booking-ai-conversation';
export { ExpertAdvice } from './expert-advice';
export { useConversationAttachment } from './use-conversation-attachment';
