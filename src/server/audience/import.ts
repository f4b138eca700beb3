import type { ImportError, ImportResult, OnDuplicate } from '../../domain/contract/prospects';
import type { Queryable } from '../db/types';
import { checkRow, type StoredRow } from './row-check';

/**
 * Contract 9.1 import: each row is checked alone (a bad row is reported by index and path, the others
 * go on), rows repeating a profile URL of an earlier row count as duplicates, and the valid rows are
 * stored by one multi-row INSERT … ON CONFLICT — one statement, so all of them or none.
 */

/** Checks every row; returns the storable ones (first or last of each profile, per onDuplicate) and the errors. */
export function checkRows(rows: unknown[], onDuplicate: OnDuplicate): { unique: StoredRow[]; errors: ImportError[]; repeated: number } {
  const errors: ImportError[] = [];
  const byUrl = new Map<string, StoredRow>();
  let repeated = 0;
  rows.forEach((raw, index) => {
    const verdict = checkRow(raw);
    if ('errors' in verdict) {
      for (const error of verdict.errors) errors.push({ index, ...error });
      return;
    }
    const { row } = verdict;
    if (byUrl.has(row.profileUrl)) {
      repeated++;
      if (onDuplicate === 'update') byUrl.set(row.profileUrl, row);
    } else byUrl.set(row.profileUrl, row);
  });
  return { unique: [...byUrl.values()], errors, repeated };
}

const columns = (rows: StoredRow[]) => [
  rows.map((r) => r.profileUrl),
  rows.map((r) => r.name),
  rows.map((r) => r.headline),
  rows.map((r) => r.company),
  rows.map((r) => r.email),
  rows.map((r) => r.timeZone),
  rows.map((r) => r.customFields),
];

/**
 * The rows as one INSERT over column arrays (a VALUES list of 10,000 rows would pass PostgreSQL's
 * 65,535-parameter limit). `inserted` is true for a new row (xmax = 0), false for an updated one.
 */
export const INSERT_PROSPECTS = (onConflict: string) =>
  `INSERT INTO prospects (workspace_id, profile_url, name, headline, company, email, time_zone, custom_fields)
   SELECT $1, u, n, h, c, e, t, f::jsonb
   FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS r(u, n, h, c, e, t, f)
   ${onConflict}`;

const ON_CONFLICT: Record<OnDuplicate, string> = {
  // Skipping needs only the count of new rows (rowCount): no row comes back.
  skip: 'ON CONFLICT (workspace_id, profile_url) DO NOTHING',
  update: `ON CONFLICT (workspace_id, profile_url) DO UPDATE SET
     name = EXCLUDED.name, headline = EXCLUDED.headline, company = EXCLUDED.company, email = EXCLUDED.email,
     time_zone = EXCLUDED.time_zone, custom_fields = EXCLUDED.custom_fields,
     updated_at = GREATEST(date_trunc('milliseconds', clock_timestamp()), prospects.updated_at + interval '1 millisecond')
   RETURNING (xmax = 0) AS inserted`,
};

export async function importProspects(
  db: Queryable,
  workspaceId: string,
  rows: unknown[],
  onDuplicate: OnDuplicate,
): Promise<ImportResult> {
  const { unique, errors, repeated } = checkRows(rows, onDuplicate);
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, errors };
  if (onDuplicate === 'update') result.updated += repeated;
  else result.skipped += repeated;
  if (unique.length === 0) return result;
  const { rows: written, rowCount } = await db.query<{ inserted: boolean }>(INSERT_PROSPECTS(ON_CONFLICT[onDuplicate]), [
    workspaceId,
    ...columns(unique),
  ]);
  if (onDuplicate === 'update') {
    result.created = written.filter((r) => r.inserted).length;
    result.updated += written.length - result.created;
  } else {
    result.created = rowCount;
    result.skipped += unique.length - rowCount;
  }
  return result;
}

/** The column arrays of rows, for a reference insert measured beside the import (bench). */
export const prospectColumns = columns;
