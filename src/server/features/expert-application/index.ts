// The expert-application feature's door: what app.ts and the demo seed use.
export { expertApplicationRoutes } from './routes.js';
export { expertProfileOf } from './submit-application.js';
