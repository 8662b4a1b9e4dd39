// The workspace feature's door: what pages, the app and other features may use of it.
export { useWorkspaceProfile, workspaceKeys } from './api';
export { BookingsPanel } from './bookings-panel';
export { NoExpertProfile } from './no-expert-profile';
export { PracticePanel } from './practice-panel';
export { needsSetup, SetupNotice } from './setup-notice';
export { StatusNotice } from './status-notice';
export { UpcomingWorkCard } from './upcoming-work-card';
