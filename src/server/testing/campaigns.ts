import { callTool, type TestWorkspace } from './fixtures';

/** Shared steps of the campaign integration tests (real HTTP, raw JSON-RPC tools/call). */

export type { CampaignRecord } from '../../domain';
import type { CampaignRecord } from '../../domain';

/** Calls a tool that must succeed and returns its structured result. */
export async function ok<T = CampaignRecord>(apiKey: string, tool: string, args: Record<string, unknown>): Promise<T> {
  const res = await callTool<T>(apiKey, tool, args);
  if (res.isError) throw new Error(`${tool} failed: ${JSON.stringify(res.structured)}`);
  return res.structured;
}

/** Calls a tool that must fail and returns the contract-3 error object. */
export async function fails(
  apiKey: string,
  tool: string,
  args: Record<string, unknown>,
): Promise<{ code: string; message: string; [k: string]: any }> {
  const res = await callTool(apiKey, tool, args);
  if (!res.isError) throw new Error(`${tool} unexpectedly succeeded: ${JSON.stringify(res.structured)}`);
  const text = JSON.parse(res.raw.result.content[0].text);
  if (JSON.stringify(text) !== JSON.stringify(res.structured)) throw new Error('text content differs from structuredContent');
  return res.structured.error;
}

export const createDraft = (ws: TestWorkspace, extra: Record<string, unknown> = {}) =>
  ok(ws.apiKey, 'create-campaign', { name: 'Q3 founders', senderAccountIds: [ws.accounts.linkedinPremium], ...extra });

export const saveGraph = (ws: TestWorkspace, campaign: { campaignId: string; updated_at: string }, graph: unknown) =>
  ok(ws.apiKey, 'update-campaign-workflow', {
    campaignId: campaign.campaignId,
    expectedUpdatedAt: campaign.updated_at,
    workflow_definition: graph,
  });
