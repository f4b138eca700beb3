/**
 * The hostile key of bench/abuse.bench.ts, in its own process (so its sending costs neither the
 * server nor the measuring process): for `durationMs` it keeps hammering the heaviest calls one key
 * can make — JSON-RPC batches of simulations at 500 steps, single simulations, 10 MB bodies — and
 * prints what it got back as one JSON line.
 * Usage: tsx bench/support/abuse-attacker.ts <baseUrl> <apiKey> <campaignId> <durationMs>
 */
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../src/domain/contract/tool-call';

const [baseUrl, apiKey, campaignId, durationArg] = process.argv.slice(2);
const until = Date.now() + Number(durationArg);
const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT };
const simulate = (id: number) => toolCallBody(id, 'simulate-campaign', { campaignId });
const answers = new Map<string, number>();
const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);

async function post(body: string): Promise<void> {
  count('requests');
  try {
    const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body });
    const text = await res.text();
    const parsed = (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })();
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const answer of list as { result?: { structuredContent?: { error?: { code?: string }; truncated?: boolean } } }[]) {
      const content = answer?.result?.structuredContent;
      count(`${res.status} ${content?.error?.code ?? (content?.truncated ? 'truncated' : content ? 'ok' : 'other')}`);
    }
  } catch (err) {
    count(`socket ${(err as { cause?: { code?: string } }).cause?.code ?? 'error'}`);
  }
}

const loop = async (make: () => string) => {
  while (Date.now() < until) await post(make());
};
const batch = JSON.stringify(Array.from({ length: 20 }, (_, i) => simulate(i + 1)));
const single = JSON.stringify(simulate(1));
const huge = JSON.stringify(toolCallBody(1, 'get-campaign', { campaignId: 'x'.repeat(10 * 1024 * 1024) }));
await Promise.all([loop(() => batch), loop(() => batch), loop(() => single), loop(() => single), loop(() => huge)]);
console.log(JSON.stringify(Object.fromEntries(answers)));
