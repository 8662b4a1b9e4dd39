import type { ExpertStatus, Role, UserStatus } from '@common/roles';
import type { badgeVariants } from '../../components/ui/badge';
import type { VariantProps } from 'class-variance-authority';

type Tone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export const ROLE_LABELS: Record<Role, string> = { user: 'User', expert: 'Expert', admin: 'Administrator' };
export const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', pending: 'Pending' };
export const EXPERT_STATUS_LABELS: Record<ExpertStatus, string> = {
  pending: 'Expert profile pending',
  approved: 'Approved expert',
  suspended: 'Expert suspended',
};

export const ROLE_TONES: Record<Role, Tone> = { user: 'gray', expert: 'blue', admin: 'navy' };
export const STATUS_TONES: Record<UserStatus, Tone> = { active: 'green', inactive: 'red', pending: 'yellow' };

/** The role filter's options (docs/PRODUCT.md#user-management). */
export const ROLE_FILTER_OPTIONS: { value: Role | 'all'; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'user', label: 'Users' },
  { value: 'expert', label: 'Experts' },
  { value: 'admin', label: 'Administrators' },
];

/** The status filter's values (all, active, inactive, pending) with readable labels. */
export const STATUS_FILTER_OPTIONS: { value: UserStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
];
