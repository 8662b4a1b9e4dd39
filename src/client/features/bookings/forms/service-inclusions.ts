import type { ServiceType } from '@common/roles';

/**
 * What each service includes, said the same on every booking screen. Only what the product does: no
 * session recording (the expert writes a follow-up summary instead), parts billed separately.
 */
export const SERVICE_INCLUSIONS: Record<ServiceType, readonly string[]> = {
  video: [
    'A 30-minute live video call with a certified marine expert',
    'Show the problem through your phone or laptop camera',
    'Step-by-step guidance on what to check and what to fix',
    "The expert's written follow-up summary after the call",
  ],
  onsite: [
    'Onsite service at your boat by a certified marine technician',
    'Professional tools and diagnostic equipment brought to you',
    'A written service report of what was found and done',
    'Parts are billed separately',
  ],
};
