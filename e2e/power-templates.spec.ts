import { expect, test } from './support/test';
import { validateWorkflow } from '../src/domain';
import { CAMPAIGN_TEMPLATES } from '../src/domain/paths';
import { canvasNode, getCampaign, uniqueName } from './support/editor';
import { signIn } from './support/session';

/** Each gallery template creates a valid campaign (create-campaign validates the graph server-side). */
for (const template of CAMPAIGN_TEMPLATES) {
  test(`template “${template.name}” creates a valid campaign`, async ({ page }) => {
    await signIn(page);
    const name = uniqueName(template.name);
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByLabel('Campaign name').fill(name);
    await expect(dialog.getByRole('img', { name: `Preview of ${template.name}: Start, ` })).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(`^Preview of ${template.name}`) }).check();
    const values: Record<string, string> = {};
    for (const setting of template.settings) {
      values[`${setting.nodeId}.${setting.field}`] = `my-${setting.field}`;
      await dialog.getByLabel(setting.label, { exact: true }).fill(`my-${setting.field}`);
    }
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
    const expected = template.build(values);
    for (const n of expected.nodes) await expect(canvasNode(page, n.id)).toBeVisible();
    // No sender picked: its one warning is that nothing can be sent yet (no_sender); the graph itself has no violation (below).
    await expect(page.getByRole('button', { name: /^0 errors, 1 warning/ })).toBeVisible();
    const saved = await getCampaign(page, page.url().split('/').pop()!);
    expect(saved.workflow_definition).toEqual(expected);
    expect(validateWorkflow(saved.workflow_definition)).toEqual([]);
  });
}
