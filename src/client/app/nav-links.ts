import type { Role } from '@common/roles';

const OWNER_LINKS = [
  { to: '/ai-assistant', label: 'AI Assistant' },
  { to: '/onsite-request', label: 'Onsite Request' },
  { to: '/video-consultation', label: 'Video Consultation' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/settings', label: 'Settings' },
] as const;

const WORKSPACE_LINK = { to: '/workspace', label: 'Workspace' } as const;

/** The header's links: an expert's work is one tap away, before the owner's dashboard (docs/PRODUCT.md#shell-and-navigation). */
export function navLinksFor(role: Role | undefined) {
  if (role !== 'expert') return OWNER_LINKS;
  const dashboard = OWNER_LINKS.findIndex((link) => link.to === '/dashboard');
  return [...OWNER_LINKS.slice(0, dashboard), WORKSPACE_LINK, ...OWNER_LINKS.slice(dashboard)];
}
