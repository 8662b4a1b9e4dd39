/** Money is integer cents everywhere; these read and write the dollar amounts people type and see. */

const MONEY = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** '125', '$125.00', '1,250.5' → cents; anything else → null. */
export function moneyToCents(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as people read an amount of money: '$1,250.00', '-$12.50'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const dollars = Math.abs(cents) / 100;
  return `${sign}$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
