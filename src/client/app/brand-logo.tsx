import { Anchor } from 'lucide-react';
import { PRODUCT_NAME } from '@common/brand';

export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span
        className={
          inverted
            ? 'flex size-9 items-center justify-center rounded-lg bg-white/10 text-sand'
            : 'flex size-9 items-center justify-center rounded-lg bg-navy-800 text-sand'
        }
      >
        <Anchor aria-hidden className="size-5" />
      </span>
      <span className={inverted ? 'text-lg font-bold text-white' : 'text-lg font-bold text-navy-800'}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
