import { csvText } from '../../../domain/csv';
import { PROSPECT_FIELD_LABEL, PROSPECT_FIELDS, type ProspectField, type ProspectImportRow } from './columns';

/** Rows per import request: a progress step every second or so, far under the 10,000 a request takes (contract 9.1). */
export const IMPORT_CHUNK_ROWS = 1000;

/** The answer of one import request (contract 9.1). */
export interface ImportAnswer {
  created: number;
  updated: number;
  skipped: number;
  errors: { index: number; path: string; message: string }[];
}

/** A CSV data row the import refused, and why, in users' words. */
export interface RowError {
  /** Index of the row among the CSV's data rows. */
  row: number;
  message: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  skipped: number;
  errors: RowError[];
}

const isProspectField = (name: string): name is ProspectField => (PROSPECT_FIELDS as readonly string[]).includes(name);

/** "customFields.firstName" → "Custom field firstName", "profileUrl" → "LinkedIn profile URL". */
export function describeErrorPath(path: string): string {
  const parts = path.split('.').filter((p) => p !== '' && !/^\d+$/.test(p) && p !== 'prospects');
  const [head, ...rest] = parts;
  if (head === undefined) return '';
  if (isProspectField(head)) return PROSPECT_FIELD_LABEL[head];
  if (head === 'customFields') return rest.length ? `Custom field ${rest.join('.')}` : 'Custom fields';
  return head;
}

/**
 * Sends the rows in chunks, one after the other, and adds up the answers. Errors come back by index in
 * their chunk; they are turned into CSV row numbers (`rowIndex`) and the user's words. Stops at the
 * first failed request (network, server) with what was done so far in the error.
 */
export async function importInChunks(
  prospects: readonly ProspectImportRow[],
  rowIndex: readonly number[],
  send: (chunk: ProspectImportRow[]) => Promise<ImportAnswer>,
  onProgress: (done: number, total: number) => void,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, skipped: 0, errors: [] };
  onProgress(0, prospects.length);
  for (let start = 0; start < prospects.length; start += IMPORT_CHUNK_ROWS) {
    const chunk = prospects.slice(start, start + IMPORT_CHUNK_ROWS);
    let answer: ImportAnswer;
    try {
      answer = await send(chunk);
    } catch (error) {
      throw new ImportInterrupted(summary, start, error as Error);
    }
    summary.created += answer.created;
    summary.updated += answer.updated;
    summary.skipped += answer.skipped;
    for (const e of answer.errors) {
      const what = describeErrorPath(e.path);
      summary.errors.push({ row: rowIndex[start + e.index] ?? start + e.index, message: what ? `${what}: ${e.message}` : e.message });
    }
    onProgress(Math.min(start + chunk.length, prospects.length), prospects.length);
  }
  // One row can come back with several problems; they are listed together, in row order.
  const byRow = new Map<number, string[]>();
  for (const e of summary.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
  summary.errors = [...byRow].sort(([a], [b]) => a - b).map(([row, messages]) => ({ row, message: messages.join('; ') }));
  return summary;
}

/** An import stopped part-way: what the earlier chunks did, and how many rows were sent before. */
export class ImportInterrupted extends Error {
  constructor(
    readonly summary: ImportSummary,
    readonly rowsDone: number,
    override readonly cause: Error,
  ) {
    super(cause.message);
  }
}

/** The refused rows as a CSV: the file's own columns plus "Problem", to fix and import again. */
export function errorRowsCsv(headers: readonly string[], rows: readonly (readonly string[])[], errors: readonly RowError[]): string {
  return csvText(
    [...headers, 'Problem'],
    errors.map((e) => [...(rows[e.row] ?? headers.map(() => '')), e.message]),
  );
}
