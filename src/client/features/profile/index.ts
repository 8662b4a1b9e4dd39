// The profile feature's door: what pages, the app and other features may use of it.
export { useConfirmEmailChange } from './api';
export { PendingEmailNotice } from './pending-email-notice';
export { ProfileDetails } from './profile-details';
export { ProfileForm } from './profile-form';
export { ProfileSummaryCard } from './profile-summary-card';
export { TimeZoneCard } from './time-zone-card';
