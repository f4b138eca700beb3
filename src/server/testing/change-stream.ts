import type { CampaignChanged } from '../../domain/contract/changes';
import { api, type ApiResponse } from './fixtures';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../domain/contract/tool-call';
import { eventStreamParser, type StreamBlock } from '../../domain/event-stream';

/** Test helpers for contract 8.5: read a live-changes stream over real HTTP, save with client headers. */

/** A live-changes stream (contract 8.5) read over real HTTP, block by block with the one SSE parser. */
export interface EventStreamReader {
  /** Every block received so far (events and comment lines), in order. */
  blocks: StreamBlock[];
  /** Resolves once `done()` holds, checked as each block arrives (fails after `timeoutMs` saying `what`). */
  until(done: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens a campaign's changes stream and resolves once the server says it is listening (its first comment line). */
export async function openChangesStream(baseUrl: string, apiKey: string, campaignId: string): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/campaigns/${campaignId}/changes`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`changes stream: HTTP ${res.status} ${await res.text()}`);
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error('not an event stream');
  const blocks: StreamBlock[] = [];
  let wake = () => undefined as void;
  void (async () => {
    const decoder = new TextDecoder();
    const parser = eventStreamParser();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        blocks.push(...parser.push(decoder.decode(chunk, { stream: true })));
        wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  const until = async (done: () => boolean, what: string, timeoutMs = 10_000) => {
    for (const deadline = Date.now() + timeoutMs; !done();) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, left);
      });
    }
  };
  await until(() => blocks.some((b) => b.comment === 'listening'), 'the stream never said it was listening');
  return { blocks, until, close: () => abort.abort() };
}

/** The data of every `event` block received so far, parsed as JSON. */
export const eventData = <T>(stream: EventStreamReader, event: string): T[] =>
  stream.blocks.filter((b) => b.event === event && b.data !== undefined).map((b) => JSON.parse(b.data!) as T);

export interface ChangeStream {
  /** The next `campaign.changed` event (fails after `timeoutMs`). */
  next(timeoutMs?: number): Promise<CampaignChanged>;
  /** Every comment line received so far (`listening`, `keep-alive`). */
  comments: string[];
  close(): void;
}

/** Opens the stream and resolves once the server says it is listening. */
export async function openChanges(baseUrl: string, apiKey: string, campaignId: string): Promise<ChangeStream> {
  const stream = await openChangesStream(baseUrl, apiKey, campaignId);
  let read = 0;
  return {
    get comments() {
      return stream.blocks.flatMap((b) => (b.comment === undefined ? [] : [b.comment]));
    },
    async next(timeoutMs = 5000) {
      await stream.until(() => eventData(stream, 'campaign.changed').length > read, 'no campaign.changed event', timeoutMs);
      return eventData<CampaignChanged>(stream, 'campaign.changed')[read++]!;
    },
    close: stream.close,
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
