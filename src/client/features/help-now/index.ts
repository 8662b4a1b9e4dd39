// The help-now feature's door (docs/PRODUCT.md#help-now): the owner's request and its live state, the ring
// on every page of an expert's, the workspace's on-call card and administrators' list.
export { AdminHelpRequests } from './admin-help-requests';
export { HelpRequestForm } from './help-request-form';
export { HelpRequestStatus } from './help-request-status';
export { ExpertRings } from './expert-rings';
export { OnCallCard } from './on-call-card';
export { SafetyLine } from './safety-line';
