import type { ExpertStatus } from '@common/roles';
import { Badge } from '../../components/ui/badge';

const TONES = { approved: 'green', pending: 'yellow', suspended: 'red' } as const;
const LABELS: Record<ExpertStatus, string> = { approved: 'Approved', pending: 'Pending', suspended: 'Suspended' };

/** The status badge: Approved green, Pending yellow, Suspended red, anything else plain. */
export function ExpertStatusBadge({ status }: { status: string }) {
  const known = status in TONES ? (status as ExpertStatus) : null;
  return <Badge tone={known ? TONES[known] : 'gray'}>{known ? LABELS[known] : status}</Badge>;
}
