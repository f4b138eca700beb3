import type { CsvRequestMessage, CsvResultMessage } from './csv-worker';
import { parseCsvText, type ParsedCsv } from './parse-csv';

/** Files larger than this are parsed in a Web Worker; smaller ones parse faster than a worker starts. */
const WORKER_FROM_BYTES = 256 * 1024;

/** A file of this size or more is refused before reading: far past the 10,000 rows an import takes. */
export const MAX_CSV_BYTES = 50 * 1024 * 1024;

const startWorker = () => new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });

/** A worker started before the file arrives (its code loads while the user picks the file); used once. */
let warm: Worker | null = null;

/** Starts the parsing worker ahead of a file (the drop zone calls it when it shows). */
export function warmCsvWorker(): void {
  if (typeof Worker !== 'undefined') warm ??= startWorker();
}

function parseInWorker(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const worker = warm ?? startWorker();
    warm = null;
    worker.onmessage = (event: MessageEvent<CsvResultMessage>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.csv);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file could not be read.'));
    };
    const message: CsvRequestMessage = { file };
    worker.postMessage(message);
  });
}

/** Reads a CSV file the user dropped or picked: big files off the main thread. */
export async function readCsvFile(file: File): Promise<ParsedCsv> {
  if (file.size >= MAX_CSV_BYTES) throw new Error('This file is too large to import (50 MB at most). Split it into smaller files.');
  if (file.size >= WORKER_FROM_BYTES) return parseInWorker(file);
  return parseCsvText(await file.text());
}
