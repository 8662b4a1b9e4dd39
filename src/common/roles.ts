export const ROLES = ['user', 'expert', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const EXPERT_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];

/** An expert application: waiting for review, or decided. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const SERVICE_TYPES = ['video', 'onsite'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
