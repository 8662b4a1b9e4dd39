import { describe, expect, it } from 'vitest';
import { expertApplicationSchema } from '@common/expert-application';
import type { CurrentUser } from '@common/user';
import { applicationDefaults } from './form-values';
import { fieldError, fieldId } from './field-error';

const user: CurrentUser = {
  id: 'u1',
  profileImageUrl: null,
  firstName: 'Marina',
  lastName: 'Reyes',
  email: 'marina@example.com',
  emailVerified: true,
  phone: '410-555-0199',
  address: null,
  city: 'Annapolis',
  state: 'MD',
  zipCode: '21401',
  timeZone: null,
  role: 'user',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('applicationDefaults', () => {
  it("holds the form's defaults and the account's own details", () => {
    expect(applicationDefaults(user)).toMatchObject({
      firstName: 'Marina',
      lastName: 'Reyes',
      email: 'marina@example.com',
      phone: '410-555-0199',
      city: 'Annapolis',
      state: 'MD',
      zipCode: '21401',
      serviceRadius: '25',
      onsiteRate: '125',
      serviceTypes: [],
      references: [
        { name: '', company: '', phone: '', relationship: '' },
        { name: '', company: '', phone: '', relationship: '' },
      ],
      backgroundCheck: false,
      termsAccepted: false,
    });
  });

  it('leaves only the fields the applicant must fill for the schema to ask about', () => {
    const result = expertApplicationSchema.safeParse(applicationDefaults(user));
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path.join('.')));
    expect([...fields].sort()).toEqual(
      [
        'specialty',
        'experience',
        'certifications',
        'bio',
        'serviceTypes',
        'businessInfo.insuranceProvider',
        ...[0, 1].flatMap((i) => ['name', 'company', 'phone', 'relationship'].map((f) => `references.${i}.${f}`)),
        'backgroundCheck',
        'termsAccepted',
      ].sort(),
    );
  });
});

describe('fieldError', () => {
  it('reads nested messages and a list’s own message', () => {
    const errors = {
      references: { 1: { name: { message: 'Reference name is required' } }, root: { message: 'Please provide at least 2 references' } },
      businessInfo: { insuranceProvider: { message: 'Insurance information is required' } },
    };
    expect(fieldError(errors as never, 'references.1.name')).toBe('Reference name is required');
    expect(fieldError(errors as never, 'references')).toBe('Please provide at least 2 references');
    expect(fieldError(errors as never, 'businessInfo.insuranceProvider')).toBe('Insurance information is required');
    expect(fieldError(errors as never, 'references.0.name')).toBeUndefined();
    expect(fieldId('references.1.name')).toBe('references-1-name');
  });
});
