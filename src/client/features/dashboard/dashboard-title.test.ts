import { describe, expect, it } from 'vitest';
import { dashboardTitle } from './dashboard-title';

describe('dashboardTitle', () => {
  it('is the full name when there is a first name', () => {
    expect(dashboardTitle({ firstName: 'Marina', lastName: 'Delgado' })).toBe('Marina Delgado');
    expect(dashboardTitle({ firstName: 'Marina', lastName: null })).toBe('Marina');
  });

  it("is 'Your Dashboard' without a first name, even with a last name", () => {
    expect(dashboardTitle({ firstName: null, lastName: 'Delgado' })).toBe('Your Dashboard');
    expect(dashboardTitle({ firstName: '', lastName: '' })).toBe('Your Dashboard');
  });
});
