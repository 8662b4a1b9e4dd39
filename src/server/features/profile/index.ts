// The profile feature's door: its routes, and the taken-address message the administrators' edit shares.
export { profileRoutes } from './routes.js';
export { EMAIL_TAKEN_MESSAGE } from './service.js';
