import type { Exclusion, ExclusionAuthor, ExclusionInput, ImportExclusionsResult } from '../../domain/contract/exclusions';
import { exclusionInputSchema, type ExclusionKind } from '../../domain/contract/exclusions';
import type { ImportError } from '../../domain/contract/prospects';
import { exclusionValue } from '../../domain/exclusions';
import { normaliseProfileUrl } from '../../domain/profile-url';
import { toIso } from '../../domain/time';
import type { Db, Queryable } from '../db/types';
import { ApiError } from '../http/errors';
import { likePattern, type TimeIdKey } from '../http/pagination';
import { schemaErrors } from './row-check';

/**
 * The do-not-contact list (contract 10.3; migration 041): entries, and the one rule of who they name.
 * A prospect is excluded when an entry of its workspace has one of its keys (`exclusion_keys`: its
 * profile URL, its company trimmed and lower-cased, its e-mail domain and every parent domain) — one
 * probe of the unique index. Enrolling, the launch review and the engine's action claim all ask it.
 */

/** Entry `x` names prospect `p` (SQL aliases of exclusions and prospects rows). */
export const exclusionNamesProspectSql = (x: string, p: string): string =>
  `${x}.workspace_id = ${p}.workspace_id AND ${x}.match_key = ANY (exclusion_keys(${p}.profile_url, ${p}.company, ${p}.email))`;

/** Prospect `p` is on its workspace's do-not-contact list: the one predicate every surface asks. */
export const excludedProspectSql = (p: string): string => `EXISTS (SELECT 1 FROM exclusions x WHERE ${exclusionNamesProspectSql('x', p)})`;

interface ExclusionRow {
  id: string;
  kind: ExclusionKind;
  value: string;
  reason: string;
  created_at: Date | string;
  created_by: ExclusionAuthor;
}

const COLUMNS = 'x.id, x.kind, x.value, x.reason, x.created_at, x.created_by';

export const toExclusion = (row: ExclusionRow): Exclusion => ({
  exclusionId: row.id,
  kind: row.kind,
  value: row.value,
  reason: row.reason,
  createdAt: toIso(row.created_at),
  createdBy: row.created_by,
});

export interface ExclusionFilters {
  workspaceId: string;
  kind: ExclusionKind | null;
  search: string | null;
  profileUrl: string | null;
}

/** One page, newest first (ties by id), `limit + 1` rows so the caller knows whether a next page exists. */
export async function listExclusions(db: Queryable, filters: ExclusionFilters, limit: number, after?: TimeIdKey): Promise<Exclusion[]> {
  const params: unknown[] = [filters.workspaceId];
  const where = ['x.workspace_id = $1'];
  if (filters.kind) {
    params.push(filters.kind);
    where.push(`x.kind = $${params.length}`);
  }
  if (filters.search) {
    params.push(likePattern(filters.search.toLowerCase()));
    where.push(`(lower(x.value) LIKE $${params.length} OR lower(x.reason) LIKE $${params.length})`);
  }
  if (filters.profileUrl !== null) {
    // The person's keys: their profile, and their company and e-mail domain when they are a prospect.
    params.push(normaliseProfileUrl(filters.profileUrl) ?? '');
    const url = `$${params.length}`;
    where.push(
      `x.match_key = ANY (exclusion_keys(${url}, (SELECT company FROM prospects WHERE workspace_id = $1 AND profile_url = ${url}),
        (SELECT email FROM prospects WHERE workspace_id = $1 AND profile_url = ${url})))`,
    );
  }
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(x.created_at, x.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<ExclusionRow>(
    `SELECT ${COLUMNS} FROM exclusions x WHERE ${where.join(' AND ')} ORDER BY x.created_at DESC, x.id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toExclusion);
}

/** A valid entry with its value in its kind's stored form. */
const stored = (input: ExclusionInput): ExclusionInput => {
  const checked = exclusionValue(input.kind, input.value);
  if ('problem' in checked) throw new Error('an entry the schema accepted has no stored value');
  return { ...input, value: checked.value };
};

/**
 * Stores the entries not yet on the list (one INSERT over column arrays, so all or none) and reads
 * every entry of `entries` back in their order; how many were new.
 */
async function storeEntries(
  db: Db,
  workspaceId: string,
  entries: readonly ExclusionInput[],
  createdBy: ExclusionAuthor,
): Promise<{ created: number; items: Exclusion[] }> {
  if (entries.length === 0) return { created: 0, items: [] };
  const columns = [entries.map((e) => e.kind), entries.map((e) => e.value), entries.map((e) => e.reason)];
  return db.transaction(async (tx) => {
    // The first of several rows naming one entry is the one stored.
    const inserted = await tx.query(
      `INSERT INTO exclusions (workspace_id, kind, value, reason, created_by)
       SELECT DISTINCT ON (exclusion_key(k, v)) $1, k, v, r, $5
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(k, v, r, i)
       ORDER BY exclusion_key(k, v), i
       ON CONFLICT (workspace_id, match_key) DO NOTHING`,
      [workspaceId, ...columns, createdBy],
    );
    const { rows } = await tx.query<ExclusionRow>(
      `SELECT ${COLUMNS} FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS e(k, v, i)
       JOIN exclusions x ON x.workspace_id = $1 AND x.match_key = exclusion_key(e.k, e.v) ORDER BY e.i`,
      [workspaceId, columns[0], columns[1]],
    );
    return { created: inserted.rowCount, items: rows.map(toExclusion) };
  });
}

/** POST /api/v1/exclusions: the entry, and whether it is new (the same kind and value again answers the existing one). */
export async function addExclusion(
  db: Db,
  workspaceId: string,
  input: ExclusionInput,
  createdBy: ExclusionAuthor,
): Promise<{ entry: Exclusion; created: boolean }> {
  const { created, items } = await storeEntries(db, workspaceId, [stored(input)], createdBy);
  return { entry: items[0]!, created: created === 1 };
}

/** The import and add-exclusions: each row checked alone (errors by index and path), the valid ones stored together. */
export async function importExclusions(
  db: Db,
  workspaceId: string,
  rows: readonly unknown[],
  createdBy: ExclusionAuthor,
): Promise<ImportExclusionsResult & { items: Exclusion[] }> {
  const errors: ImportError[] = [];
  const valid: ExclusionInput[] = [];
  rows.forEach((raw, index) => {
    const parsed = exclusionInputSchema.safeParse(raw);
    if (parsed.success) valid.push(stored(parsed.data));
    else for (const error of schemaErrors(parsed.error)) errors.push({ index, ...error });
  });
  const { created, items } = await storeEntries(db, workspaceId, valid, createdBy);
  return { created, skipped: valid.length - created, errors, items };
}

/** DELETE /api/v1/exclusions/{id}. */
export async function removeExclusion(db: Queryable, workspaceId: string, exclusionId: string): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM exclusions WHERE id = $1 AND workspace_id = $2', [exclusionId, workspaceId]);
  if (rowCount === 0)
    throw new ApiError(404, 'not_found', 'No do-not-contact entry with that exclusionId in this workspace.', {
      hint: 'Check the id: call list-exclusions to find the entry and its exclusionId in this workspace.',
    });
}
