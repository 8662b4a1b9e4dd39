import { describe, expect, it } from 'vitest';
import { APPLICATION_SPECIALTIES, expertApplicationSchema, listingSpecialtyOf } from './expert-application.js';
import { moneyToCents } from './money.js';
import { SPECIALTY_VALUES } from './specialties.js';

const validApplication = () => ({
  firstName: 'Rosa',
  lastName: 'Marin',
  email: 'rosa@example.com',
  phone: '410-555-0123',
  city: 'Annapolis',
  state: 'MD',
  zipCode: '21401',
  specialty: 'Engine Repair',
  experience: '12',
  certifications: 'ABYC Master Technician, Yamaha certified',
  bio: 'Twelve years repairing outboards and diesels at Chesapeake marinas, from tune-ups to rebuilds.',
  serviceTypes: ['onsite', 'video'],
  onsiteRate: '$135.50',
  serviceRadius: '40',
  businessInfo: { businessName: '', businessAddress: '', insuranceProvider: 'BoatUS Marine Insurance, policy 123', licenseNumber: '' },
  references: [
    { name: 'Sam Lee', company: 'Bay Marina', phone: '410-555-0100', relationship: 'Service manager' },
    { name: 'Ann Cole', company: 'Cole Yachts', phone: '410-555-0101', relationship: 'Client' },
  ],
  backgroundCheck: true,
  termsAccepted: true,
});

function firstError(payload: unknown) {
  const result = expertApplicationSchema.safeParse(payload);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('expertApplicationSchema', () => {
  it('accepts a complete application and converts its numbers and rate', () => {
    const parsed = expertApplicationSchema.parse({ ...validApplication(), status: 'approved', rating: '5.00', reviewCount: 900 });
    expect(parsed).toMatchObject({ experience: 12, serviceRadius: 40, onsiteRate: '$135.50', onsiteRateCents: 13550, serviceTypes: ['video', 'onsite'] });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('rating');
    expect(parsed).not.toHaveProperty('reviewCount');
  });

  it.each([
    ['abc', 'Years of experience is required'],
    ['0', 'Years of experience is required'],
    ['', 'Years of experience is required'],
    ['71', 'Years of experience must be at most 70'],
  ])('reads experience %j as a whole number', (experience, message) => {
    expect(firstError({ ...validApplication(), experience })).toEqual({ path: 'experience', message });
  });

  it('reads "7 years" as 7, like a number box does', () => {
    expect(expertApplicationSchema.parse({ ...validApplication(), experience: '7 years' }).experience).toBe(7);
  });

  it.each([
    ['abc', 25],
    ['', 25],
    ['60', 60],
    [12, 12],
  ])('reads service radius %j as %d miles', (serviceRadius, miles) => {
    expect(expertApplicationSchema.parse({ ...validApplication(), serviceRadius }).serviceRadius).toBe(miles);
  });

  it('keeps the radius minimum after the fallback', () => {
    expect(firstError({ ...validApplication(), serviceRadius: '4' })).toEqual({ path: 'serviceRadius', message: 'Service radius must be at least 5 miles' });
  });

  it.each([
    ['125', 12500],
    ['$125.00', 12500],
    ['1,250.5', 125050],
    [' $ 95 ', 9500],
  ])('reads the onsite rate %j as %d cents', (onsiteRate, cents) => {
    expect(expertApplicationSchema.parse({ ...validApplication(), onsiteRate }).onsiteRateCents).toBe(cents);
  });

  it.each([
    ['', 'Onsite service rate is required'],
    ['lots', 'Enter the onsite rate as an amount in dollars, such as 125 or $125.00'],
    ['12.345', 'Enter the onsite rate as an amount in dollars, such as 125 or $125.00'],
    ['0', 'Onsite rate must be more than $0'],
    ['10000.01', 'Onsite rate must be at most $10,000 per hour'],
  ])('refuses the onsite rate %j', (onsiteRate, message) => {
    expect(firstError({ ...validApplication(), onsiteRate })).toEqual({ path: 'onsiteRate', message });
  });

  it('asks for insurance when business details are left out entirely', () => {
    const { businessInfo: _omitted, ...rest } = validApplication();
    expect(firstError(rest)).toEqual({ path: 'businessInfo.insuranceProvider', message: 'Insurance information is required' });
  });

  it('accepts ZIP+4 and refuses letters', () => {
    expect(expertApplicationSchema.parse({ ...validApplication(), zipCode: '21401-1234' }).zipCode).toBe('21401-1234');
    expect(firstError({ ...validApplication(), zipCode: 'ABCDE' })).toEqual({ path: 'zipCode', message: 'Valid ZIP code is required' });
  });
});

describe('application specialties', () => {
  it('offers the ten choices in their order', () => {
    expect(APPLICATION_SPECIALTIES.map((s) => s.value)).toEqual([
      'Engine Repair',
      'Electronics',
      'Winterization',
      'Rigging',
      'Hull Repair',
      'Electrical Systems',
      'Plumbing',
      'Canvas & Upholstery',
      'Detailing',
      'General Maintenance',
    ]);
  });

  it('files every choice under its own listing specialty', () => {
    const mapped = APPLICATION_SPECIALTIES.map((s) => listingSpecialtyOf(s.value));
    expect(new Set(mapped).size).toBe(APPLICATION_SPECIALTIES.length);
    for (const specialty of mapped) expect(SPECIALTY_VALUES).toContain(specialty);
    expect(listingSpecialtyOf('General Maintenance')).toBe('maintenance');
  });
});

describe('moneyToCents', () => {
  it.each(['', '$', '1.2.3', '12,34', '-5', '1e3'])('finds no amount in %j', (text) => {
    expect(moneyToCents(text)).toBeNull();
  });
});
