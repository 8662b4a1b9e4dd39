import type { Database } from '../../db/client.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { RING_BATCH, type HelpPrice } from '../../../common/help-now.js';
import { ringableExperts, type OwnerPlace } from './matching.js';

/** The price shown before sending: the lowest of what the experts the first round would ring ask. */
export async function helpPrice(db: Database, options: { specialty: string; ownerId: string; place: OwnerPlace; now: Date }): Promise<HelpPrice> {
  const experts = await ringableExperts(db, { ...options, alreadyRung: [] });
  const first = experts.slice(0, RING_BATCH);
  if (first.length === 0) return { expertsOnCall: 0, firstPriceFrom: null, minutePriceFrom: null };
  return {
    expertsOnCall: experts.length,
    firstPriceFrom: centsToDecimal(Math.min(...first.map((e) => e.firstPriceCents))),
    minutePriceFrom: centsToDecimal(Math.min(...first.map((e) => e.minutePriceCents))),
  };
}
