import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TEMPLATES, settingKey } from '../../domain/paths';
import { newWorkspace } from '../testing/fixtures';
import { ok } from '../testing/campaigns';

/**
 * Each gallery template, its settings filled in as the new-campaign dialog sends them
 * (CreateCampaignDialog.test.tsx), is a graph create-campaign stores exactly and the campaign's
 * validation finds nothing wrong with (was e2e/power-templates.spec.ts, with the dialog's part).
 */
describe('create-campaign from every gallery template', async () => {
  const ws = await newWorkspace();

  it.each(CAMPAIGN_TEMPLATES.map((t) => [t.name, t] as const))('“%s” is stored as built and valid', async (_name, template) => {
    const values = Object.fromEntries(template.settings.map((s) => [settingKey(s), `my-${s.field}`]));
    const graph = template.build(values);
    const created = await ok(ws.apiKey, 'create-campaign', { name: `From ${template.name}`, workflow_definition: graph });
    expect(created.workflow_definition).toEqual(graph);
    const verdict = await ok<{ valid: boolean; violations: unknown[] }>(ws.apiKey, 'validate-campaign-workflow', {
      workflow_definition: created.workflow_definition,
    });
    expect(verdict).toMatchObject({ valid: true, violations: [] });
  });
});
