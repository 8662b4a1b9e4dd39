import { lazy, Suspense } from 'react';

// Its own chunk, loaded for experts only: the ring (and zod with the Help now schemas) is no part of the
// first paint of anyone's page (docs/ARCHITECTURE.md#client).
const HelpRingBanner = lazy(() => import('./help-ring-banner').then((module) => ({ default: module.HelpRingBanner })));

/** The Help now rings on every page of a signed-in expert's; nothing for anyone else. */
export function ExpertRings({ expert }: { expert: boolean }) {
  if (!expert) return null;
  return (
    <Suspense fallback={null}>
      <HelpRingBanner enabled />
    </Suspense>
  );
}
