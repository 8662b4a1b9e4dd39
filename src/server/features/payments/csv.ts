/** A cell of a column that holds numbers (an amount, a count), which a spreadsheet should read as one. */
export interface CsvNumber {
  readonly number: string;
}

export type CsvCell = string | CsvNumber;

export const csvNumber = (text: string): CsvNumber => ({ number: text });

/** Starts a cell a spreadsheet would run as a formula (OWASP's CSV injection rule). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Rows as CSV (RFC 4180, CRLF), for spreadsheets. Text a spreadsheet would run as a formula (an owner's
 * name starting with '=', or '-1+HYPERLINK(...)') is written as text: prefixed with an apostrophe. Only a
 * number column's cell that is a plain number is written as it is, so a negative amount stays a number.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: CsvCell): string {
  const text = typeof value === 'string' ? value : value.number;
  const isNumber = typeof value !== 'string' && NUMBER.test(text);
  const safe = !isNumber && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
