/** '1 year experience', '12 years experience': as cards, the profile and its page's description say it. */
export function yearsLabel(years: number) {
  return `${years} ${years === 1 ? 'year' : 'years'} experience`;
}
