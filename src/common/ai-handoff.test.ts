import { describe, expect, it } from 'vitest';
import { AI_CATEGORIES } from './ai-rules.js';
import { SPECIALTY_VALUES } from './specialties.js';
import { nearbyExpertsQuerySchema } from './ai-handoff.js';
import { handoffPath, parseSpecialty, SPECIALTY_OF_CATEGORY, specialtyForCategory } from './ai-handoff-rules.js';
import { distanceLabel, zip5 } from './travel-area.js';

describe('specialtyForCategory', () => {
  it('maps every assistant category, each to a real specialty or to none', () => {
    expect(Object.keys(SPECIALTY_OF_CATEGORY).sort()).toEqual([...AI_CATEGORIES].sort());
    for (const category of AI_CATEGORIES) {
      const specialty = specialtyForCategory(category);
      if (specialty !== null) expect(SPECIALTY_VALUES).toContain(specialty);
    }
  });

  it.each([
    ['engine', 'engines'],
    ['electrical', 'electrical'],
    ['electronics', 'electronics'],
    ['maintenance', 'winterization'],
    ['hull', 'hull'],
    ['rigging', 'rigging'],
    ['plumbing', 'plumbing'],
    ['safety', null],
    ['trailer', null],
    ['general', null],
  ] as const)('%s -> %s', (category, specialty) => {
    expect(specialtyForCategory(category)).toBe(specialty);
  });

  it('gives no specialty for an unknown or missing category', () => {
    expect(specialtyForCategory('spaceship')).toBeNull();
    expect(specialtyForCategory(undefined)).toBeNull();
    expect(specialtyForCategory('__proto__')).toBeNull();
  });
});

describe('handoffPath', () => {
  it('opens the service form with the specialty and the conversation', () => {
    expect(handoffPath('video', { category: 'engine', sessionId: 'abc' })).toBe('/book-video?specialty=engines&aiSession=abc');
    expect(handoffPath('onsite', { category: 'plumbing' })).toBe('/book-onsite?specialty=plumbing');
  });

  it('filters nothing for a category without a specialty', () => {
    expect(handoffPath('video', { category: 'safety', sessionId: 'abc' })).toBe('/book-video?aiSession=abc');
    expect(handoffPath('onsite', {})).toBe('/book-onsite');
  });
});

describe('parseSpecialty and zip5', () => {
  it('accepts only known specialties', () => {
    expect(parseSpecialty('engines')).toBe('engines');
    expect(parseSpecialty('Engines')).toBeNull();
    expect(parseSpecialty(null)).toBeNull();
  });

  it('reads five digits, with or without the +4', () => {
    expect(zip5('02108')).toBe('02108');
    expect(zip5(' 02108-1234 ')).toBe('02108');
    expect(zip5('2108')).toBeNull();
    expect(zip5('SW1A 1AA')).toBeNull();
    expect(zip5(null)).toBeNull();
  });
});

describe('nearbyExpertsQuerySchema', () => {
  it('needs a service type and a ZIP code, and defaults the limit to 50', () => {
    expect(nearbyExpertsQuerySchema.parse({ serviceType: 'video', zip: '33101-0001' })).toEqual({ serviceType: 'video', zip: '33101', limit: 50 });
    expect(nearbyExpertsQuerySchema.safeParse({ serviceType: 'video', zip: 'abc' }).error?.issues[0]?.message).toBe('zip must be a US ZIP code (5 digits)');
    expect(nearbyExpertsQuerySchema.safeParse({ serviceType: 'video', zip: '33101', specialty: 'spaceships' }).success).toBe(false);
    expect(nearbyExpertsQuerySchema.safeParse({ serviceType: 'video', zip: '33101', limit: '101' }).success).toBe(false);
  });
});

describe('distanceLabel', () => {
  it('rounds to whole miles', () => {
    expect(distanceLabel(12.4)).toBe('12 mi away');
    expect(distanceLabel(0.3)).toBe('< 1 mi away');
    expect(distanceLabel(2489.6)).toBe('2,490 mi away');
  });
});
