import { Video, Wrench, type LucideIcon } from 'lucide-react';
import type { Expert } from '@common/experts';
import type { ServiceType } from '@common/roles';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SERVICE_NAMES, serviceRate } from './service-details-panel';
import { useFromPrice } from './use-from-price';

const CHOICES: { type: ServiceType; icon: LucideIcon; text: string }[] = [
  {
    type: 'video',
    icon: Video,
    text: 'A 30-minute live video call with a certified marine expert: diagnose the problem and get clear next steps without a visit.',
  },
  {
    type: 'onsite',
    icon: Wrench,
    text: 'A certified technician comes to your boat at the marina or dock, with the tools for repairs and service.',
  },
];

/**
 * /book-service's first view: the two services, with real prices, to choose from. `onReach` is told when
 * a visitor points at, touches or focuses a choice, before they choose it.
 */
export function ServiceChoiceCards({
  expert,
  onChoose,
  onReach,
}: {
  expert?: Expert;
  onChoose: (type: ServiceType) => void;
  onReach?: (type: ServiceType) => void;
}) {
  const fromPrices = { video: useFromPrice('video'), onsite: useFromPrice('onsite') };
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {CHOICES.map(({ type, icon: Icon, text }) => {
        const offered = !expert || expert.serviceTypes.includes(type);
        const rate = serviceRate(type, expert, fromPrices[type]);
        return (
          <Card key={type} className="flex flex-col gap-4 p-6">
            <span className="flex size-12 items-center justify-center rounded-xl bg-navy-50 text-navy-700">
              <Icon aria-hidden className="size-6" />
            </span>
            <div>
              <h2 className="text-xl font-semibold text-slate-900">{SERVICE_NAMES[type]}</h2>
              <p className="mt-1 text-slate-600">{text}</p>
            </div>
            {/* The price's line is kept while it loads, so the button below does not jump when it comes. */}
            <p className="min-h-8 text-2xl font-bold text-navy-800">{offered ? rate : null}</p>
            {offered ? (
              <Button
                className="mt-auto"
                onPointerEnter={() => onReach?.(type)}
                onPointerDown={() => onReach?.(type)}
                onFocus={() => onReach?.(type)}
                onClick={() => onChoose(type)}
              >
                Choose {SERVICE_NAMES[type]}
              </Button>
            ) : (
              <p className="mt-auto rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">Not offered by {expert?.name}</p>
            )}
          </Card>
        );
      })}
    </div>
  );
}
