import { describe, expect, it } from 'vitest';
import { EXPERTS_DIRECTORY, ONSITE_DIRECTORY, ONSITE_SORTS, sortsFor } from './experts-searches.js';

const experts = (values: Partial<typeof EXPERTS_DIRECTORY.defaults>) => EXPERTS_DIRECTORY.search({ ...EXPERTS_DIRECTORY.defaults, ...values });
const onsite = (values: Partial<typeof ONSITE_DIRECTORY.defaults>) => ONSITE_DIRECTORY.search({ ...ONSITE_DIRECTORY.defaults, ...values });

describe('directory sorts near a ZIP code', () => {
  it('lists nearest first by default once the location is a ZIP code, and by rating otherwise', () => {
    expect(experts({}).sort).toBe('rating');
    expect(experts({ location: '21401' }).sort).toBe('distance');
    expect(experts({ location: ' 21401-1234 ' }).sort).toBe('distance');
    expect(experts({ location: 'Annapolis' }).sort).toBe('rating');
    expect(onsite({ location: '21401' }).sort).toBe('distance');
  });

  it('keeps a chosen sort, and drops nearest first when there is no ZIP code to measure from', () => {
    expect(experts({ location: '21401', sort: 'price-low' }).sort).toBe('price-low');
    expect(experts({ location: 'Annapolis', sort: 'distance' }).sort).toBe('rating');
    expect(onsite({ location: '21401', sort: 'name' }).sort).toBe('distance');
  });

  it('offers nearest first only with a ZIP code', () => {
    expect(sortsFor(ONSITE_SORTS, '21401')).toEqual(['distance', ...ONSITE_SORTS]);
    expect(sortsFor(ONSITE_SORTS, 'MD')).toEqual(ONSITE_SORTS);
  });
});
