import { describe, expect, it } from 'vitest';
import { isCampaignSummary, launchCampaignArgs, updateWorkflowArgs, type CampaignRecord, type CampaignSummary } from './campaigns';

/** The campaign tools' arguments as an agent sends them (contract 4, spec 4.1). */
const campaignId = '0b5e8a4e-9a53-4c1f-8e0c-1b2d3c4d5e6f';
const messages = (result: { error?: { issues: { message: string }[] } }) => (result.error?.issues ?? []).map((i) => i.message);

describe('update-campaign-workflow arguments', () => {
  const args = { campaignId, expectedUpdatedAt: '2026-11-21T10:15:30.123Z', workflow_definition: { nodes: [], edges: [] } };

  it('take a real UTC date-time and a graph object', () => {
    expect(updateWorkflowArgs.safeParse(args).success).toBe(true);
  });

  it('refuse a date that is not on the calendar, saying so', () => {
    expect(messages(updateWorkflowArgs.safeParse({ ...args, expectedUpdatedAt: '2026-02-30T10:15Z' }))).toEqual([
      'Not a real UTC date-time (check the calendar date and the time).',
    ]);
    expect(launchCampaignArgs.safeParse({ campaignId, inspectedUpdatedAt: '2026-02-29T00:00Z', confirm: true }).success).toBe(false);
  });

  it('refuse a graph that is not an object', () => {
    for (const graph of [null, [], 'graph', 3]) {
      expect(messages(updateWorkflowArgs.safeParse({ ...args, workflow_definition: graph }))).toEqual([
        'Must be an object {nodes, edges}.',
      ]);
    }
  });
});

describe('a campaign read with view "summary"', () => {
  it('is told apart from the full record by its graph', () => {
    const full = { workflow_definition: { nodes: [], edges: [] } } as unknown as CampaignRecord;
    const summary = { workflow_definition: { nodeCount: 0, edgeCount: 0, types: {} } } as unknown as CampaignSummary;
    expect(isCampaignSummary(full)).toBe(false);
    expect(isCampaignSummary(summary)).toBe(true);
  });
});
