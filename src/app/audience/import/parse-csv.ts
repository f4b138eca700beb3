import Papa from 'papaparse';

/** A CSV file read into its header row and data rows (every cell a string, as written). */
export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  /** Problems papaparse could not read past (an unclosed quote…), in users' words, with the line. */
  warnings: string[];
}

const BOM = '\ufeff';

/** Header cells trimmed; an empty header becomes "Column N" so every column can be named in the mapping. */
const headerNames = (cells: string[]): string[] => cells.map((cell, i) => cell.trim() || `Column ${i + 1}`);

/**
 * Parses CSV text: quoted fields (commas, quotes and line breaks inside), a byte-order mark, Windows
 * or Unix line endings, the delimiter guessed (comma, semicolon, tab). Blank lines are dropped; short
 * rows are padded so every row has one cell per header.
 */
export function parseCsvText(text: string): ParsedCsv {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const [first = [], ...rest] = result.data;
  const headers = headerNames(first);
  const rows = rest.map((row) => (row.length >= headers.length ? row : [...row, ...Array<string>(headers.length - row.length).fill('')]));
  const warnings = result.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => `Line ${(e.row ?? 0) + 1}: a quoted value is never closed, so the rest of the file may be read as one value.`);
  return { headers, rows, warnings };
}
