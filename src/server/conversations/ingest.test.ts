import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../admin/ops';
import type { Db } from '../db/types';
import { openMigratedPglite } from '../testing/migrated-pglite';
import { ingestInTx } from './ingest';

/** ingestInTx: a message recorded inside the caller's transaction commits and rolls back with it. */

let db: Db;
let workspaceId: string;
let accountId: string;
const message = (externalMessageId: string) => ({
  accountId,
  externalConversationId: 'conv-1',
  externalMessageId,
  contact: { name: 'Ada' },
  direction: 'outbound' as const,
  text: `sent as ${externalMessageId}`,
  sentAt: '2026-11-25T10:00:00Z',
});
const messageCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages')).rows[0].n;

beforeAll(async () => {
  db = await openMigratedPglite();
  workspaceId = (await createWorkspace(db, 'ingest-in-tx')).workspaceId;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO accounts (workspace_id, channel, name) VALUES ($1, 'messaging_app', 'Sender') RETURNING id`,
    [workspaceId],
  );
  accountId = rows[0].id;
}, 60_000);
afterAll(() => db?.close());

describe('ingestInTx', () => {
  it('records nothing when the caller’s transaction rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        expect((await ingestInTx(tx, workspaceId, 'messaging_app', message('m-rolled-back'))).created).toBe(true);
        throw new Error('the step failed after sending');
      }),
    ).rejects.toThrow('the step failed');
    expect(await messageCount()).toBe(0);
    expect((await db.query('SELECT 1 FROM events')).rows).toHaveLength(0);
  });

  it('commits with the caller; the same message again in another transaction answers the first ids', async () => {
    const first = await db.transaction((tx) => ingestInTx(tx, workspaceId, 'messaging_app', message('m-1')));
    const again = await db.transaction(async (tx) => {
      const result = await ingestInTx(tx, workspaceId, 'messaging_app', message('m-1'));
      await tx.query('SELECT 1'); // the caller's transaction is still usable afterwards
      return result;
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ ...first, created: false });
    expect(await messageCount()).toBe(1);
  });
});
