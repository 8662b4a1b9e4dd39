// The calendar-feed feature's door: the Settings card.
export { CalendarFeedCard } from './calendar-feed-card';
