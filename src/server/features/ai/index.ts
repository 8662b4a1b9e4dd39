// The ai feature's door: its routes, and the owner's assistant history the dashboard shows.
export { aiRoutes } from './routes.js';
export { countAiQuestions, listAiSessions } from './service.js';
