/**
 * Rows as CSV (RFC 4180, CRLF), for spreadsheets. A cell a spreadsheet would run as a formula (an owner's
 * name starting with '=', say) is written as text: prefixed with an apostrophe.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || /^-[^\d]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
