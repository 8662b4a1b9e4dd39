import { useState } from 'react';
import type { Expert } from '@common/experts';
import { cn } from '../../lib/cn';

export function specialtyImage(specialty: string) {
  return `/images/specialties/${specialty}.svg`;
}

/** The expert's photo, or the picture of their specialty when they have none or it fails to load. */
export function ExpertPhoto({
  expert,
  alt = '',
  className,
}: {
  expert: Pick<Expert, 'profileImage' | 'specialty'>;
  alt?: string;
  className?: string;
}) {
  const fallback = specialtyImage(expert.specialty);
  const [failed, setFailed] = useState(false);
  const src = expert.profileImage && !failed ? expert.profileImage : fallback;
  return (
    <img
      src={src}
      alt={alt}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('bg-sand object-cover', className)}
    />
  );
}
