/** A level named from years of experience, for the profile's Experience Level section. */
export function experienceLevel(years: number): string {
  if (years >= 20) return 'Master';
  if (years >= 10) return 'Senior';
  if (years >= 5) return 'Experienced';
  return 'Skilled';
}

export { yearsLabel } from '@common/experience';
