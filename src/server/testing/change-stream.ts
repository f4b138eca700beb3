import type { CampaignChanged } from '../../domain/contract/changes';
import { api, type ApiResponse } from './fixtures';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../domain/contract/tool-call';

/** Test helpers for contract 8.5: read a live-changes stream over real HTTP, save with client headers. */

export interface ChangeStream {
  /** The next `campaign.changed` event (fails after `timeoutMs`). */
  next(timeoutMs?: number): Promise<CampaignChanged>;
  /** Every comment line received so far (`listening`, `keep-alive`). */
  comments: string[];
  close(): void;
}

/** Opens the stream and resolves once the server says it is listening (its first comment line). */
export async function openChanges(baseUrl: string, apiKey: string, campaignId: string): Promise<ChangeStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/campaigns/${campaignId}/changes`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`changes stream: HTTP ${res.status} ${await res.text()}`);
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error('not an event stream');
  const events: CampaignChanged[] = [];
  const comments: string[] = [];
  let wake = () => undefined as void;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) comments.push(block.slice(1).trim());
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: campaign\.changed$/m.test(block) && data) events.push(JSON.parse(data[1]) as CampaignChanged);
          wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  const waitFor = async (done: () => boolean, timeoutMs: number, what: string) => {
    for (const deadline = Date.now() + timeoutMs; !done();) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} in ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, left);
      });
    }
  };
  await waitFor(() => comments.length > 0, 10_000, 'the stream never said it was listening');
  let read = 0;
  return {
    comments,
    async next(timeoutMs = 5000) {
      await waitFor(() => events.length > read, timeoutMs, 'no campaign.changed event');
      return events[read++];
    },
    close: () => abort.abort(),
  };
}

let rpcId = 0;
/** A tools/call over POST /mcp with extra headers (X-Client-Id, X-Client); the structured result, or throws on a tool error. */
export async function toolWithHeaders<T = any>(
  apiKey: string,
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<ApiResponse<T>> {
  return api<T>(apiKey, 'POST', '/mcp', toolCallBody(++rpcId, name, args), { Accept: TOOL_CALL_ACCEPT, ...headers });
}
