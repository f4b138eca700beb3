import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../domain/csv';

/** Every source file under src (read by Vite as text: the app's tests import no node: module). */
const SOURCES = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The app's CSV files come from the domain's one writer (src/domain/csv.ts), the server's too. */
describe('csvText in the app', () => {
  it('writes formulas as text, and everything else as it was', () => {
    const rows = [
      ['=HYPERLINK("http://evil.example","Click")', '+cmd|/C calc!A0', '@SUM(A1:A9)', '-2+3'],
      ['\tTab', '\rReturn', 'Ada, "the first"', 'plain - with = inside'],
    ];
    const text = csvText(['a', 'b', 'c', 'd'], rows);
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text).toContain('\r\n');
    const read = Papa.parse<string[]>(text.slice(1)).data;
    expect(read[0]).toEqual(['a', 'b', 'c', 'd']);
    expect(read[1]).toEqual(['\'=HYPERLINK("http://evil.example","Click")', "'+cmd|/C calc!A0", "'@SUM(A1:A9)", "'-2+3"]);
    expect(read[2]).toEqual(["'\tTab", "'\rReturn", 'Ada, "the first"', 'plain - with = inside']);
  });

  it('is the only CSV writer (no Papa.unparse anywhere under src)', () => {
    const writers = Object.entries(SOURCES)
      .filter(([, text]) => /\bunparse\s*\(/.test(text))
      .map(([file]) => file);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(400);
    expect(writers).toEqual([]);
  });
});
