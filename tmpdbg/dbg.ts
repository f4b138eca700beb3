import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
import { loadConfig } from '../src/server/config'; import { startServer } from '../src/server/main';
const s = await startServer(loadConfig({ PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'dbg-')), DEMO_DATA: '0' }));
const key = s.demoApiKey!;
for (const body of [
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'nope', arguments: {} } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { arguments: {} } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get-campaign', arguments: [1] } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'update-campaign-workflow', arguments: {campaignId: 'x', force: 1} } },
]) {
  const r = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  console.log(r.status, await r.text());
}
await s.close();
