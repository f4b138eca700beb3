import { findTemplate } from '../src/domain/paths';
import { canvasNode, createCampaign, openEditor, save, uniqueName } from './support/editor';
import { tool } from './support/session';
import { expect, test } from './support/test';

/**
 * The version history says who saved each version (in the studio, by an agent) and what that save
 * changed, in one line of step names and field labels (never an id). Screenshots in /tmp/m3shots.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} the history names who saved each version and what it changed`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const campaign = await createCampaign(page, uniqueName('Authors'), findTemplate('scored-follow-up')!.build());
    // An agent's save (a call of the tools, as an MCP client makes it).
    const graph = structuredClone(campaign.workflow_definition);
    graph.nodes.find((n: { id: string }) => n.id === 'thanks')!.data.name = 'Thank-you note';
    await tool(page, 'update-campaign-workflow', {
      campaignId: campaign.campaignId,
      expectedUpdatedAt: campaign.updated_at,
      workflow_definition: graph,
    });

    // Then a save in the studio.
    await openEditor(page, campaign.campaignId);
    await canvasNode(page, 'follow_up').click();
    await page.getByRole('region', { name: 'Message' }).getByLabel('Message', { exact: true }).fill('Any news, {{firstName}}?');
    await save(page);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('region', { name: 'Saved versions' });
    const current = history.getByTestId('current-version');
    await expect(current).toContainText('Current version 3');
    await expect(current).toContainText('in the studio');
    await expect(current).toContainText('Changed Message (Message)');
    const byAgent = history.getByTestId('version-row').filter({ hasText: 'Version 2' });
    await expect(byAgent).toContainText('by an agent');
    await expect(byAgent).toContainText('Renamed Message 1 to Thank-you note');
    await expect(history.getByTestId('version-row').filter({ hasText: 'Version 1' })).toContainText('by an agent');
    await expect(history).not.toContainText(/follow_up|thanks|message_template|mcp/);
    await page.screenshot({ path: `/tmp/m3shots/history-${viewport.width}x${viewport.height}.png` });
  });
}
