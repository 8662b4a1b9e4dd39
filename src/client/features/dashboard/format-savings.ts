const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Money Saved with its dollar sign: '$1,250', or '$162.50' when there are cents (never rounded away). */
export function formatSavings(dollars: number | null | undefined): string {
  const amount = Number.isFinite(dollars) ? (dollars as number) : 0;
  return Number.isInteger(amount) ? wholeDollars.format(amount) : withCents.format(amount);
}
