import { describe, expect, it } from 'vitest';
import type { ProspectImportRow } from './columns';
import { parseCsvText } from './parse-csv';
import { describeErrorPath, errorRowsCsv, importInChunks, ImportInterrupted, IMPORT_CHUNK_ROWS, type ImportAnswer } from './run-import';

const rows = (n: number): ProspectImportRow[] => Array.from({ length: n }, (_, i) => ({ profileUrl: `https://linkedin.com/in/p${i}` }));

describe('importInChunks', () => {
  it('sends chunks in order, adds up the answers and maps errors to CSV rows', async () => {
    const prospects = rows(2500);
    // CSV rows 0..2500 with row 3 blank: prospect i comes from CSV row i (+1 past the blank).
    const rowIndex = prospects.map((_, i) => (i < 3 ? i : i + 1));
    const sizes: number[] = [];
    const progress: number[] = [];
    const send = async (chunk: ProspectImportRow[]): Promise<ImportAnswer> => {
      sizes.push(chunk.length);
      const first = sizes.length === 1;
      return {
        created: chunk.length - 2,
        updated: 0,
        skipped: 1,
        errors: first
          ? [
              { index: 5, path: 'profileUrl', message: 'Must be an http(s) URL.' },
              { index: 5, path: 'customFields.score', message: 'Too long.' },
            ]
          : [{ index: 0, path: '', message: 'Same profile as an earlier row.' }],
      };
    };
    const summary = await importInChunks(prospects, rowIndex, send, (done) => progress.push(done));
    expect(sizes).toEqual([IMPORT_CHUNK_ROWS, IMPORT_CHUNK_ROWS, 500]);
    expect(progress).toEqual([0, 1000, 2000, 2500]);
    expect(summary.created).toBe(2500 - 6);
    expect(summary.skipped).toBe(3);
    expect(summary.errors).toEqual([
      { row: 6, message: 'LinkedIn profile URL: Must be an http(s) URL.; Custom field score: Too long.' },
      { row: 1001, message: 'Same profile as an earlier row.' },
      { row: 2001, message: 'Same profile as an earlier row.' },
    ]);
  });

  it('stops at a failed request and says what was done before it', async () => {
    let calls = 0;
    const send = async (chunk: ProspectImportRow[]): Promise<ImportAnswer> => {
      if (++calls === 2) throw new Error('The server could not be reached.');
      return { created: chunk.length, updated: 0, skipped: 0, errors: [] };
    };
    const failure = await importInChunks(rows(1500), [], send, () => undefined).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportInterrupted);
    expect((failure as ImportInterrupted).rowsDone).toBe(1000);
    expect((failure as ImportInterrupted).summary.created).toBe(1000);
    expect((failure as ImportInterrupted).message).toBe('The server could not be reached.');
  });
});

describe('describeErrorPath', () => {
  it('names fields in users’ words', () => {
    expect(describeErrorPath('prospects.3.profileUrl')).toBe('LinkedIn profile URL');
    expect(describeErrorPath('timeZone')).toBe('Time zone');
    expect(describeErrorPath('customFields.firstName')).toBe('Custom field firstName');
    expect(describeErrorPath('')).toBe('');
  });
});

describe('errorRowsCsv', () => {
  it('writes the refused rows with their problem, readable back with commas and quotes intact', () => {
    const headers = ['Name', 'LinkedIn URL'];
    const data = [
      ['Lovelace, Ada', 'https://linkedin.com/in/ada'],
      ['Grace "Amazing"', 'not a url'],
    ];
    const csv = errorRowsCsv(headers, data, [{ row: 1, message: 'LinkedIn profile URL: Must be an http(s) URL.' }]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(parseCsvText(csv)).toEqual({
      headers: ['Name', 'LinkedIn URL', 'Problem'],
      rows: [['Grace "Amazing"', 'not a url', 'LinkedIn profile URL: Must be an http(s) URL.']],
      warnings: [],
    });
  });

  it('writes a refused row that looks like a formula as text (the file is opened in a spreadsheet)', () => {
    const csv = errorRowsCsv(['Name'], [['=HYPERLINK("http://evil.example")']], [{ row: 0, message: '-2+3' }]);
    expect(parseCsvText(csv).rows).toEqual([['\'=HYPERLINK("http://evil.example")', "'-2+3"]]);
  });
});
