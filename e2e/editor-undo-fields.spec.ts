import { expect, test } from './support/test';
import { inmailFallbackGraph } from '../src/domain/testing/fixtures';
import { canvasNode, createCampaign, openEditor, uniqueName } from './support/editor';

// Edits to different fields in quick succession are separate undo steps, so Ctrl+Z
// takes back only the last field the user touched.
test('a checkbox then a text field, quickly: Ctrl+Z undoes only the text', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Undo fields'), inmailFallbackGraph());
  await openEditor(page, campaign.campaignId);
  await canvasNode(page, 'inmail').click();
  const form = page.getByRole('region', { name: 'InMail' });
  const openOnly = form.getByLabel('Only open profiles (free InMail)');
  const subject = form.getByLabel('Subject', { exact: true });
  const subjectBefore = await subject.inputValue();
  await expect(openOnly).toBeChecked();

  // well inside the 1.2 s coalescing window
  await openOnly.uncheck();
  await subject.click();
  await subject.press('End');
  await subject.pressSequentially(' hi', { delay: 10 });
  await expect(subject).toHaveValue(`${subjectBefore} hi`);

  // Ctrl+Z in a text field belongs to the field: move focus to the step on the canvas, then undo.
  await canvasNode(page, 'inmail').focus();
  await page.keyboard.press('Control+z');
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue(subjectBefore);
  await expect(form.getByLabel('Only open profiles (free InMail)')).not.toBeChecked();

  // the second Ctrl+Z takes back the checkbox
  await canvasNode(page, 'inmail').focus();
  await page.keyboard.press('Control+z');
  await expect(form.getByLabel('Only open profiles (free InMail)')).toBeChecked();
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue(subjectBefore);
});
