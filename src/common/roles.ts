export const ROLES = ['user', 'expert', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const EXPERT_STATUSES = ['pending', 'approved', 'suspended'] as const;

export const SERVICE_TYPES = ['video', 'onsite'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
