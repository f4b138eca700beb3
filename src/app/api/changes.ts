import { CAMPAIGN_CHANGED_EVENT, campaignChangedSchema, type CampaignChanged } from '../../domain/contract/changes';
import { campaignRunSchema, RUN_PROGRESS_EVENT, type RunProgress } from '../../domain/contract/runs';
import { useSession } from '../session';
import { eventStreamParser } from '../../domain/event-stream';
import { APP_CLIENT_HEADERS, buildUrl, TAB_CLIENT_ID, withWorkspace } from './http';

export type { CampaignChanged } from '../../domain/contract/changes';

/** True when a change event is this tab's own save (its X-Client-Id came back). */
export const isOwnChange = (change: Pick<CampaignChanged, 'clientId'>): boolean => change.clientId === TAB_CLIENT_ID;

/** Reconnect delays: 1 s, 2 s, 4 s … at most 30 s; back to 1 s once a stream opened. */
export const reconnectDelayMs = (failures: number): number => Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));

export interface ChangeHandlers {
  onChange(change: CampaignChanged): void;
  /** Contract 9.5: the run's new counts (at most once a second while it moves). */
  onRunProgress?(run: RunProgress): void;
  /** The server is listening; `reconnected` when an earlier stream of this watch had dropped (changes may have been missed). */
  onOpen?(reconnected: boolean): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Contract 8.5: watches GET /api/v1/campaigns/{id}/changes (fetch with the key: EventSource cannot
 * send it), reconnecting with backoff until the returned function stops it. 404/400 end the watch
 * (nothing to watch); 401 signs out as every other request does.
 */
export function watchCampaignChanges(campaignId: string, handlers: ChangeHandlers): () => void {
  const abort = new AbortController();
  const { signal } = abort;
  void (async () => {
    let failures = 0;
    let opened = false;
    while (!signal.aborted) {
      try {
        const { apiKey } = useSession.getState();
        // A stream, not a JSON answer (so not apiCall): the workspace still goes where apiCall puts a read's.
        const { query } = withWorkspace({}, 'query');
        const res = await fetch(buildUrl(`/api/v1/campaigns/${encodeURIComponent(campaignId)}/changes`, query), {
          headers: { Accept: 'text/event-stream', ...APP_CLIENT_HEADERS, ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
          signal,
        });
        if (res.status === 401) return useSession.getState().rejectKey();
        if (res.status === 400 || res.status === 404) return;
        if (res.ok && res.body) {
          const parser = eventStreamParser();
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            for (const block of parser.push(chunk.value)) {
              if (block.comment === 'listening') {
                handlers.onOpen?.(opened);
                opened = true;
                failures = 0;
              } else if (block.event === CAMPAIGN_CHANGED_EVENT && block.data) {
                const parsed = campaignChangedSchema.safeParse(JSON.parse(block.data));
                if (parsed.success) handlers.onChange(parsed.data);
              } else if (block.event === RUN_PROGRESS_EVENT && block.data && handlers.onRunProgress) {
                const parsed = campaignRunSchema.safeParse(JSON.parse(block.data));
                if (parsed.success) handlers.onRunProgress(parsed.data);
              }
            }
          }
        }
      } catch {
        // a network drop or a malformed event: reconnect below
      }
      if (signal.aborted) return;
      await sleep(reconnectDelayMs(failures++), signal);
    }
  })();
  return () => abort.abort();
}
