import { CAMPAIGN_TOOLS } from '../src/domain/contract/campaigns';
import { AUDIENCE_TOOLS } from '../src/domain/contract/audience-tools';
import { findTemplate } from '../src/domain/paths';
import { createCampaign, uniqueName } from './support/editor';
import { signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * Every main screen speaks the users' words: its visible text and its screen-reader labels (aria-label,
 * title, placeholder, alt) hold no snake_case id, no "node"/"edge", no `data.` path, no UUID and no
 * API name (tool names, workflow_definition).
 */

const TOOL_NAMES = [...Object.keys(CAMPAIGN_TOOLS), ...Object.keys(AUDIENCE_TOOLS)];
const INTERNAL: { what: string; pattern: RegExp }[] = [
  { what: 'a snake_case id', pattern: /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/ },
  { what: '“node”', pattern: /\bnodes?\b/i },
  { what: '“edge”', pattern: /\bedges?\b/i },
  { what: 'a data. path', pattern: /\bdata\.[a-z]/i },
  { what: 'a UUID', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i },
  { what: 'an API name', pattern: new RegExp(`\\b(${TOOL_NAMES.join('|')})\\b`) },
];

/** The page's visible text and every label a screen reader or a tooltip shows, one string each. */
const wordsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    // aria-describedby texts (React Flow's keyboard help) are read out too.
    for (const el of document.querySelectorAll('[aria-describedby]'))
      for (const id of (el.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
        const described = id && document.getElementById(id);
        if (described) texts.push(described.textContent ?? '');
      }
    return texts.flatMap((t) => t.split('\n')).filter((line) => line.trim() !== '');
  });

async function expectPlainWords(page: Page, screen: string) {
  const lines = await wordsOnScreen(page);
  const found = lines.flatMap((line) => INTERNAL.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${what} in “${line}”`));
  expect(found, `${screen} shows internal words`).toEqual([]);
}

test('the campaigns list, the editor, the export dialog, inbox, inspiration, audience and webhooks speak the users’ words', async ({
  page,
}) => {
  const campaign = await createCampaign(page, uniqueName('Plain words'), findTemplate('scored-follow-up')!.build());
  await signIn(page, '/');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectPlainWords(page, 'The campaigns list');

  await page.goto(`/campaigns/${campaign.campaignId}`);
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expect(page.locator('.react-flow__edge').first()).toBeVisible();
  await expectPlainWords(page, 'The editor');
  await page.getByRole('button', { name: /Show problems/ }).click();
  await expectPlainWords(page, 'The editor with Problems open');

  await page.getByRole('button', { name: 'Export / import' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectPlainWords(page, 'The export dialog');
  await page.keyboard.press('Escape');

  for (const [path, screen, ready] of [
    ['/inbox', 'The inbox', 'Conversations'],
    ['/inspiration', 'Inspiration', null],
    ['/audience', 'The audience', null],
    ['/webhooks', 'Webhooks', null],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    if (ready) await expect(page.getByRole('listbox', { name: ready })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectPlainWords(page, screen);
  }
});
