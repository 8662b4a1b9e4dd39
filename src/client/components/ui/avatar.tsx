import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

export function Avatar({
  src,
  initial,
  className,
  alt = '',
}: {
  src?: string | null;
  initial: string;
  className?: string;
  alt?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-navy-600', className)}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="font-semibold text-white" delayMs={src ? 300 : 0}>
        {initial}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
