import type { AdminUser } from '@common/admin-users';
import { Badge } from '../../components/ui/badge';
import { ROLE_LABELS, ROLE_TONES, STATUS_LABELS, STATUS_TONES } from './user-labels';

export function RoleBadge({ user }: { user: AdminUser }) {
  return <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>;
}

export function StatusBadge({ user }: { user: AdminUser }) {
  return <Badge tone={STATUS_TONES[user.status]}>{STATUS_LABELS[user.status]}</Badge>;
}
