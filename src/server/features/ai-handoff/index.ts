// The ai-handoff feature's door: its routes for app.ts, and the copy of an assistant conversation that
// app.ts hands to booking creation.
export { aiHandoffRoutes } from './routes.js';
export { bookingConversations } from './attached-conversation.js';
