import type { Config } from '../config';
import type { Db, Queryable } from '../db/types';
import { createApiKey, createWorkspace } from '../admin/ops';
import { seedAccountsAndCampaigns } from './campaigns';
import { seedDemoRun } from './run';
import type { DemoSeeder } from './seeder';
import { seedConversations } from '../conversations/demo';
import { seedInspirations } from '../inspiration/demo';
import { seedWebhooks } from '../webhooks/demo';

// Each resource module adds its seeder here (accounts+campaigns, the running demo campaign's prospects, conversations, inspirations, webhooks).
// Accounts come first: later seeders use them.
const SEEDERS: DemoSeeder[] = [seedAccountsAndCampaigns, seedDemoRun, (db, w) => seedConversations(db, w), seedInspirations, seedWebhooks];

/**
 * Contract 2: on a database with no workspace, create workspace `demo` (with demo data unless
 * DEMO_DATA=0) and one API key — DEMO_API_KEY when set. Returns the key to print, or null.
 */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<{ apiKey: string } | null> {
  // One transaction: a crash half-way leaves no half-seeded demo behind (the next start seeds again),
  // and on a PostgreSQL server concurrent first starts wait for each other instead of colliding.
  return db.transaction(async (tx) => {
    if (db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock(727275)');
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces');
    if (rows[0].n > 0) return null;
    const { workspaceId } = await createWorkspace(tx, 'demo', 'Demo workspace');
    const key = await createApiKey(tx, [workspaceId], config.demoApiKey);
    const scoped = withinTransaction(db.kind, tx);
    if (config.demoData) for (const seed of SEEDERS) await seed(scoped, workspaceId, config);
    return key;
  });
}

/** A Db whose every query, and every nested transaction, runs inside the open transaction `tx`. */
function withinTransaction(kind: Db['kind'], tx: Queryable): Db {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (fn) => fn(tx),
    listen: () => Promise.reject(new Error('The demo seed cannot LISTEN inside its transaction.')),
    close: async () => undefined,
  };
}
