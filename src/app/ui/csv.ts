import Papa from 'papaparse';

/**
 * The one way the app writes a CSV file (a file made to be opened in a spreadsheet): a BOM so
 * spreadsheet apps read the accents right, CRLF as most of them write, and every cell that a
 * spreadsheet would run as a formula (`=HYPERLINK(…)`, `+cmd`, `@SUM`, `-2+3`) written as text
 * (papaparse's `escapeFormulae` puts a `'` before it, OWASP's advice against CSV injection).
 */
export function csvText(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\ufeff${Papa.unparse({ fields: [...fields], data: rows.map((r) => [...r]) }, { newline: '\r\n', escapeFormulae: true })}`;
}
