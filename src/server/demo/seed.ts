import type { Config } from '../config';
import type { Db } from '../db/types';
import { createApiKey, createWorkspace } from '../admin/ops';

/** A module's part of the demo data, run once in the demo workspace on first start. */
export type DemoSeeder = (db: Db, workspaceId: string) => Promise<void>;

// Each resource module adds its seeder here (accounts+campaigns, conversations, inspirations, webhooks).
const SEEDERS: DemoSeeder[] = [];

/**
 * Contract 2: on a database with no workspace, create workspace `demo` (with demo data unless
 * DEMO_DATA=0) and one API key — DEMO_API_KEY when set. Returns the key to print, or null.
 */
export async function seedDemoIfEmpty(db: Db, config: Config): Promise<{ apiKey: string } | null> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces');
  if (rows[0].n > 0) return null;
  const { workspaceId } = await createWorkspace(db, 'demo', 'Demo workspace');
  const key = await createApiKey(db, [workspaceId], config.demoApiKey);
  if (config.demoData) for (const seed of SEEDERS) await seed(db, workspaceId);
  return key;
}
