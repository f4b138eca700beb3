import type { Db, Queryable } from '../db/types';
import { emitEvent } from '../events';
import { likePattern } from '../http/pagination';
import type { Inspiration, InspirationInput } from '../../domain/contract/inspiration';
import { toIso } from '../../domain/time';

/** SQL of saved inspirations (spec 4.3). Stored as given: no AI analysis, timestamps kept as text. */

interface InspirationRow {
  id: string;
  workspace_id: string;
  text: string;
  author: string | null;
  url: string | null;
  provider_id: string | null;
  notes: string | null;
  author_id: string | null;
  author_url: string | null;
  linkedin_account_id: string | null;
  reactions: number | null;
  comments: number | null;
  reposts: number | null;
  observed_at: string | null;
  published_at: string | null;
  avatar_url: string | null;
  media: Inspiration['media'] | string;
  created_at: Date;
}

const COLUMNS = `id, workspace_id, text, author, url, provider_id, notes, author_id, author_url, linkedin_account_id,
  reactions, comments, reposts, observed_at, published_at, avatar_url, media, created_at`;

const toInspiration = (r: InspirationRow): Inspiration => ({
  id: r.id,
  workspaceId: r.workspace_id,
  text: r.text,
  author: r.author,
  url: r.url,
  providerId: r.provider_id,
  notes: r.notes,
  authorId: r.author_id,
  authorUrl: r.author_url,
  linkedinAccountId: r.linkedin_account_id,
  reactions: r.reactions,
  comments: r.comments,
  reposts: r.reposts,
  observedAt: r.observed_at,
  publishedAt: r.published_at,
  avatarUrl: r.avatar_url,
  media: typeof r.media === 'string' ? JSON.parse(r.media) : r.media,
  createdAt: toIso(r.created_at),
});

/** Saves one inspiration and writes `inspiration.saved` (body = the record) in the same transaction (contract 6). */
export async function saveInspiration(db: Db, workspaceId: string, input: InspirationInput): Promise<Inspiration> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<InspirationRow>(
      `INSERT INTO inspirations (workspace_id, text, author, url, provider_id, notes, author_id, author_url, linkedin_account_id,
         reactions, comments, reposts, observed_at, published_at, avatar_url, media)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb) RETURNING ${COLUMNS}`,
      [
        workspaceId,
        input.text,
        input.author ?? null,
        input.url ?? null,
        input.providerId ?? null,
        input.notes ?? null,
        input.authorId ?? null,
        input.authorUrl ?? null,
        input.linkedinAccountId ?? null,
        input.reactions ?? null,
        input.comments ?? null,
        input.reposts ?? null,
        input.observedAt ?? null,
        input.publishedAt ?? null,
        input.avatarUrl ?? null,
        JSON.stringify(input.media ?? []),
      ],
    );
    const record = toInspiration(rows[0]);
    await emitEvent(tx, workspaceId, 'inspiration.saved', record);
    return record;
  });
}

/** Newest first, ties by id; `search` is a case-insensitive substring of text or author. Fetches limit + 1. */
export async function listInspirations(
  db: Queryable,
  workspaceId: string,
  search: string | null,
  limit: number,
  after?: [string, string],
): Promise<Inspiration[]> {
  const params: unknown[] = [workspaceId];
  const where = ['workspace_id = $1'];
  if (search) {
    params.push(likePattern(search));
    where.push(`(text || E'\\n' || coalesce(author, '')) ILIKE $${params.length}`);
  }
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const { rows } = await db.query<InspirationRow>(
    `SELECT ${COLUMNS} FROM inspirations WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return rows.map(toInspiration);
}

export async function getInspiration(db: Queryable, workspaceId: string, id: string): Promise<Inspiration | undefined> {
  const { rows } = await db.query<InspirationRow>(`SELECT ${COLUMNS} FROM inspirations WHERE id = $1 AND workspace_id = $2`, [
    id,
    workspaceId,
  ]);
  return rows[0] && toInspiration(rows[0]);
}
