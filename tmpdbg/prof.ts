import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { followUpChain } from '../src/domain/testing/fixtures';
import { validateWorkflow } from '../src/domain';
import { openDatabase } from '../src/server/db/open';
import { createWorkspace, createAccount } from '../src/server/admin/ops';
import { createCampaign, updateCampaignWorkflow } from '../src/server/campaigns/service';
const g = followUpChain(500);
let t = performance.now(); for (let i=0;i<50;i++) validateWorkflow(g, {senders:[{accountId:'a',premium:true}]}); console.log('validate', (performance.now()-t)/50);
t = performance.now(); for (let i=0;i<50;i++) JSON.stringify(g); console.log('stringify', (performance.now()-t)/50);
const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'p-')) });
const { workspaceId } = await createWorkspace(db, 'p');
const ws = { id: workspaceId, slug: 'p' };
let c = await createCampaign(db, ws, { name: 'x', senderAccountIds: [] });
const times: number[] = [];
for (let i=0;i<40;i++) { g.nodes[0].data = { i }; const s = performance.now(); c = await updateCampaignWorkflow(db, ws, { campaignId: c.campaignId, expectedUpdatedAtMs: Date.parse(c.updated_at), workflowDefinition: g as any }); times.push(performance.now()-s); }
console.log('service save', times.sort((a,b)=>a-b)[20]);
const text = JSON.stringify(g);
const t2: number[] = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.query('UPDATE campaigns SET workflow_definition = $1 WHERE id = $2', [text, c.campaignId]); t2.push(performance.now()-s); }
console.log('plain update 175KB', t2.sort((a,b)=>a-b)[10]);
const t3: number[] = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.query('SELECT 1'); t3.push(performance.now()-s); }
console.log('select 1', t3.sort((a,b)=>a-b)[10]);
const t4: number[] = [];
for (let i=0;i<20;i++) { const s = performance.now(); await db.transaction(async (tx) => { await tx.query('SELECT 1'); }); t4.push(performance.now()-s); }
console.log('tx select 1', t4.sort((a,b)=>a-b)[10]);
await db.close();
