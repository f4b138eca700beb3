import { toIso } from '../../domain/time';
/** Instants cross the SQL boundary as ISO text in and epoch milliseconds out (the same on pg and PGlite). */
export const ts = (ms: number): string => toIso(ms);
/** A SELECT expression giving a timestamptz column as epoch milliseconds (null stays null). */
export const msOf = (column: string): string => `(extract(epoch from ${column}) * 1000)::float8`;
