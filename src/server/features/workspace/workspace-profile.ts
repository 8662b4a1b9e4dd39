import type { WorkspaceProfile } from '../../../common/workspace.js';
import { toExpert } from '../experts/index.js';
import type { ExpertRow } from './own-expert.js';

/** The expert's own profile: what the listing shows, plus status and the instant-booking switch. */
export function toWorkspaceProfile(row: ExpertRow, now = new Date()): WorkspaceProfile {
  return { ...toExpert(row, now), status: row.status, statusReason: row.statusReason, instantBooking: row.instantBooking };
}
