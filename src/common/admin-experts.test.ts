import { describe, expect, it } from 'vitest';
import { ADMIN_SPECIALTY_FILTERS, decisionReasonSchema, filterAdminExperts, reinstateSchema } from './admin-experts.js';
import { specialtyLabel, SPECIALTY_VALUES } from './specialties.js';

const experts = [
  { name: 'Marcus Delgado', specialty: 'engines', city: 'Fort Lauderdale', status: 'approved' as const },
  { name: 'Nina Park', specialty: 'electronics', city: 'Annapolis', status: 'pending' as const },
  { name: 'Olu Bright', specialty: 'navigation', city: 'Seattle', status: 'suspended' as const },
  { name: 'Rae Sails', specialty: 'rigging', city: 'Newport', status: 'approved' as const },
];
const all = { search: '', status: 'all', specialty: 'all' };

describe('the admin expert filters', () => {
  it("names the screen's options and maps each onto our specialties", () => {
    expect(ADMIN_SPECIALTY_FILTERS.map((o) => o.label)).toEqual([
      'All Specialties',
      'Engine Repair',
      'Electrical Systems',
      'Hull & Fiberglass',
      'Plumbing & Systems',
      'Navigation & Electronics',
    ]);
    for (const option of ADMIN_SPECIALTY_FILTERS) for (const s of option.specialties) expect(SPECIALTY_VALUES).toContain(s);
  });

  it('searches name, specialty (value or label) and city, ignoring case', () => {
    const names = (search: string) => filterAdminExperts(experts, { ...all, search }, specialtyLabel).map((e) => e.name);
    expect(names('marcus')).toEqual(['Marcus Delgado']);
    expect(names('ANNAPOLIS')).toEqual(['Nina Park']);
    expect(names('marine electronics')).toEqual(['Nina Park']);
    expect(names('rigging')).toEqual(['Rae Sails']);
    expect(names('nowhere')).toEqual([]);
  });

  it('filters by status and by the grouped specialty option', () => {
    expect(filterAdminExperts(experts, { ...all, status: 'approved' }, specialtyLabel).map((e) => e.name)).toEqual(['Marcus Delgado', 'Rae Sails']);
    expect(filterAdminExperts(experts, { ...all, specialty: 'navigation' }, specialtyLabel).map((e) => e.name)).toEqual(['Nina Park', 'Olu Bright']);
  });
});

describe('the decision reason', () => {
  it('is required, trimmed and limited', () => {
    expect(decisionReasonSchema.safeParse({}).error?.issues[0]?.message).toBe('Please give a reason');
    expect(decisionReasonSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe('Please give a reason');
    expect(decisionReasonSchema.safeParse({ reason: 7 }).error?.issues[0]?.message).toBe('Please give a reason');
    expect(decisionReasonSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('The reason must be at most 500 characters');
    expect(decisionReasonSchema.parse({ reason: '  No insurance  ' })).toEqual({ reason: 'No insurance' });
  });

  it('is optional when reinstating', () => {
    expect(reinstateSchema.parse(undefined)).toEqual({ reason: null });
    expect(reinstateSchema.parse({ reason: ' ' })).toEqual({ reason: null });
    expect(reinstateSchema.parse({ reason: 'Cleared' })).toEqual({ reason: 'Cleared' });
  });
});
