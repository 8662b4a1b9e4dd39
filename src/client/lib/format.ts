const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatMoney(amount: number): string {
  return money.format(amount);
}

/** 'Jun 5, 2026' in the reader's time zone, or in UTC (as the server renders it: components/ui/local-date.tsx). */
export function formatDate(iso: string, timeZone?: 'UTC'): string {
  return (timeZone ? utcDay : day).format(new Date(iso));
}

export function formatMonthYear(iso: string): string {
  return monthYear.format(new Date(iso));
}

/** 'Jun 5, 2026, 3:00 PM' in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return dayAndTime.format(new Date(iso));
}
