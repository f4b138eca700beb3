/**
 * The one CSV writer of the app and the server (RFC 4180, CRLF, a BOM so spreadsheet apps read the
 * accents right). A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) is written with a leading apostrophe, so a text someone typed never runs.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as CSV: a number as is, a text escaped against formulas and quoted when it must be. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV text: the header line, then one line per row. */
export function csvText(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\ufeff${[headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
