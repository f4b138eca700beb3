import { createAccount, createWorkspace } from '../src/server/admin/ops';
import { openDatabase } from '../src/server/db/open';
import { seedBenchInbox, postgresDatabase } from '../bench/conversations.bench';
const pg = (await postgresDatabase())!;
console.log(pg.url);
const db = await openDatabase({ databaseUrl: pg.url, dataDir: '/tmp/x' });
const { workspaceId } = await createWorkspace(db, `bench-${Date.now()}`, 'Bench');
const accounts = [];
for (const [channel, name] of [['professional_network', 'A'], ['professional_network', 'B'], ['messaging_app', 'C']] as const)
  accounts.push((await createAccount(db, workspaceId, { channel, name })).accountId);
const t = performance.now();
await seedBenchInbox(db, workspaceId, accounts, null, 1_000_000);
console.log('seeded', performance.now() - t, workspaceId);
await db.close();
