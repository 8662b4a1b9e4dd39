import { ShieldAlert } from 'lucide-react';
import type { WorkspaceProfile } from '@common/workspace';

/** Why owners cannot find the expert right now, when their profile is not approved. */
export function StatusNotice({ profile }: { profile: WorkspaceProfile }) {
  if (profile.status === 'approved') return null;
  const text =
    profile.status === 'pending'
      ? 'Your application is being reviewed. Owners will find you in the listings once an administrator approves it.'
      : `Your expert profile is suspended, so owners cannot find or book you.${profile.statusReason ? ` Reason: ${profile.statusReason}` : ''} Please contact support.`;
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> {text}
    </p>
  );
}
