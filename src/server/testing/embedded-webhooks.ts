import { afterAll, beforeAll } from 'vitest';
import { createWorkspace } from '../admin/ops';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/types';
import { wireServer } from '../main';
import { createEndpoint } from '../webhooks/queries';
import { openMigratedPglite } from './migrated-pglite';

export interface EmbeddedWebhooks {
  db: Db;
  config: Config;
  workspaceId: string;
  endpointId: string;
}

/**
 * An in-memory embedded database with one workspace and one endpoint, opened once for a test file
 * (no HTTP): for webhook checks that HTTP cannot reach. The endpoint is on 192.0.2.x (TEST-NET), which
 * the address guard refuses, so nothing leaves this process. Read the fields inside tests/hooks.
 */
export function embeddedWebhooks(slug: string): EmbeddedWebhooks {
  const env = {} as EmbeddedWebhooks;
  beforeAll(async () => {
    env.config = { ...loadConfig({}), webhookRetentionDays: 30, webhookAllowPrivate: false };
    // The outbox's subscribers (webhook deliveries among them) as the server registers them.
    wireServer(env.config);
    env.db = await openMigratedPglite();
    env.workspaceId = (await createWorkspace(env.db, slug)).workspaceId;
    env.endpointId = (await createEndpoint(env.db, env.workspaceId, 'http://192.0.2.1/hook', [])).endpointId;
  }, 60_000);
  afterAll(() => env.db?.close());
  return env;
}
