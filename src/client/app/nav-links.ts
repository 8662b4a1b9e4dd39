export const NAV_LINKS = [
  { to: '/ai-assistant', label: 'AI Assistant' },
  { to: '/onsite-request', label: 'Onsite Request' },
  { to: '/video-consultation', label: 'Video Consultation' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/settings', label: 'Settings' },
] as const;
