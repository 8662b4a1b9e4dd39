import { format, isToday, isYesterday } from 'date-fns';

/** The time under a bubble: '3:42 PM'. */
export function messageTime(iso: string): string {
  return format(new Date(iso), 'p');
}

/** The divider above a day's messages: 'Today', 'Yesterday' or 'Tue, Mar 4'. */
export function messageDay(iso: string): string {
  const date = new Date(iso);
  if (isToday(date)) return 'Today';
  if (isYesterday(date)) return 'Yesterday';
  return format(date, 'EEE, MMM d');
}
