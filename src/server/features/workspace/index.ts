// The workspace feature's door: its routes for app.ts; the caller's own expert profile (the reviews of
// the workspace read it); the working week every new expert starts with (approvals, applications, the
// demo seed and test factories give it).
export { workspaceRoutes } from './routes.js';
export { ownExpert, type ExpertRow } from './own-expert.js';
export { insertDefaultWorkingHours } from './default-hours.js';
