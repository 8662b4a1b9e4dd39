// The external-calendars feature's door: the workspace's 'Your calendars' card.
export { ExternalCalendarsCard } from './external-calendars-card';
