import { parseCsvText, type ParsedCsv } from './parse-csv';

/**
 * CSV parsing off the main thread: a 10,000-row file takes a noticeable moment to parse, and the
 * page must stay responsive (the progress and the drop zone keep moving) while it does.
 */
export interface CsvRequestMessage {
  file: File;
}
export type CsvResultMessage = { ok: true; csv: ParsedCsv } | { ok: false; message: string };

self.onmessage = async (event: MessageEvent<CsvRequestMessage>) => {
  try {
    const result: CsvResultMessage = { ok: true, csv: parseCsvText(await event.data.file.text()) };
    self.postMessage(result);
  } catch (error) {
    const result: CsvResultMessage = { ok: false, message: (error as Error).message };
    self.postMessage(result);
  }
};
