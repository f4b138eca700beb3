import { routeOf } from './paths';
import type { StoredSession } from './stored-session';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../domain/contract/tool-call';

/**
 * The page opens on a campaign: its graph is asked for by the boot script, in parallel with the
 * app's code loading and starting, instead of once that code runs (the read used to start ~70 ms
 * after the page's scripts arrived, and a 500-step campaign's answer is a few hundred kB). The
 * editor takes the answer if it is for the same campaign and session; any other read asks again.
 */

interface EarlyRead {
  key: string;
  response: Promise<Response | null>;
}
let early: EarlyRead | null = null;

const readKey = (s: StoredSession, campaignId: string) => JSON.stringify([s.baseUrl, s.apiKey, s.workspaceId, campaignId]);

/** Starts get-campaign for the campaign in the address, when a session is stored (boot/main.ts). */
export function startEarlyCampaignRead(session: StoredSession | null): void {
  const route = routeOf(window.location.pathname);
  if (route.page !== 'editor' || !session?.apiKey) return;
  const { campaignId } = route;
  early = {
    key: readKey(session, campaignId),
    response: fetch(`${session.baseUrl}/mcp`, {
      method: 'POST',
      headers: { Accept: TOOL_CALL_ACCEPT, 'Content-Type': 'application/json', Authorization: `Bearer ${session.apiKey}` },
      body: JSON.stringify(
        toolCallBody(0, 'get-campaign', { ...(session.workspaceId ? { workspaceId: session.workspaceId } : {}), campaignId }),
      ),
    }).catch(() => null),
  };
}

/** The early answer for this campaign and session, handed out once (null: ask the server). */
export function takeEarlyCampaignRead(session: StoredSession, campaignId: string): Promise<Response | null> | null {
  const found = early?.key === readKey(session, campaignId) ? early.response : null;
  early = null;
  return found;
}
