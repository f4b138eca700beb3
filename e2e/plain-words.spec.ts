import { CAMPAIGN_TOOLS } from '../src/domain/contract/campaigns';
import { AUDIENCE_TOOLS } from '../src/domain/contract/audience-tools';
import { CATALOG, HANDLE } from '../src/domain/catalog';
import { findTemplate } from '../src/domain/paths';
import { edge, node } from '../src/domain/testing/fixtures';
import type { WorkflowDefinition } from '../src/domain/workflow-types';
import { canvasNode, createCampaign, openEditor, uniqueName, type CampaignRecord } from './support/editor';
import { apiRequest, signIn, tool } from './support/session';
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

/**
 * The page's visible text and every label a screen reader or a tooltip shows, one string each. Left
 * out: data shown verbatim on purpose — a pre block (a webhook's event body, byte for byte) and a
 * one-token tooltip (the full id behind a shortened one, to match a receiver's logs).
 */
const wordsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const verbatim = new Set([...document.querySelectorAll('pre')].flatMap((el) => el.innerText.split('\n')));
    const texts = [
      document.body.innerText
        .split('\n')
        .filter((line) => !verbatim.has(line))
        .join('\n'),
    ];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = el.getAttribute(name);
        if (value && !(name === 'title' && !/\s/.test(value.trim()))) texts.push(value);
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
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
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
    ['/audience/do-not-contact', 'The do-not-contact list', null],
    ['/webhooks', 'Webhooks', null],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    if (ready) await expect(page.getByRole('listbox', { name: ready })).toBeVisible();
    await expectPlainWords(page, screen);
  }
});

/** A valid draft with one step of every category of the palette, so each kind of step form is opened. */
function everyCategoryGraph(): WorkflowDefinition {
  const graph = {
    nodes: [
      node('start', 'start'),
      node('score', 'icp_scoring'),
      node('keyword', 'post_keyword_trigger', { keyword: 'pricing' }),
      node('invite', 'connection_request'),
      node('hello', 'message', { message_template: 'Hi {{firstName}}, thanks for connecting.' }),
      node('research', 'research_agent', { customInstructions: 'Read their latest posts.' }),
      node('finder', 'email_finder_1'),
      // The user's own names for the external tool's key and campaign (the fixture's sample ones read like ids).
      node('push', 'email_campaign_push_1', { credential_id: 'Outreach tool key', campaign_id: 'Spring webinar list' }),
      node('hook', 'webhook', { url: 'https://example.com/hook' }),
      node('wait', 'delay'),
      node('end', 'end'),
    ],
    edges: [
      edge('start', 'score'),
      edge('score', 'keyword', HANDLE.qualified),
      edge('score', 'end', HANDLE.notQualified),
      edge('keyword', 'invite'),
      edge('invite', 'hello', HANDLE.accepted),
      edge('invite', 'end', HANDLE.noResponse),
      edge('hello', 'end', HANDLE.replied),
      edge('hello', 'research', HANDLE.noReply),
      edge('research', 'finder'),
      edge('finder', 'push'),
      edge('push', 'hook'),
      edge('hook', 'wait'),
      edge('wait', 'end'),
    ],
  };
  // Two narrow columns: every step stays clear of the step form that opens on the right.
  graph.nodes.forEach((n, i) => (n.position = { x: (i % 2) * 280, y: Math.floor(i / 2) * 160 }));
  return graph;
}

test('the step form of every category and the editor’s panes (dock, history, simulator, senders, launch review) speak the users’ words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const graph = everyCategoryGraph();
  expect(new Set(graph.nodes.map((n) => CATALOG[n.type as keyof typeof CATALOG].category)).size).toBe(9);
  const campaign = await createCampaign(page, uniqueName('Plain steps'), graph);
  await openEditor(page, campaign.campaignId);
  for (const step of graph.nodes) {
    await canvasNode(page, step.id).click();
    await expect(page.locator('#inspector-title')).toHaveText(CATALOG[step.type as keyof typeof CATALOG].label);
    await expectPlainWords(page, `The form of the step ${step.id}`);
  }

  await page.getByRole('button', { name: 'Expand side panel' }).click();
  const dock = page.getByRole('complementary', { name: /^Side panel/ });
  for (const pane of ['Inbox', 'Inspiration', 'Webhooks']) {
    await dock.getByRole('tab', { name: new RegExp(pane) }).click();
    await expectPlainWords(page, `The side panel’s ${pane}`);
  }
  await page.getByRole('button', { name: 'Collapse side panel' }).click();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Saved versions' })).toBeVisible();
  await expectPlainWords(page, 'The history');
  await page.getByRole('button', { name: 'History', exact: true }).click();

  await page.getByRole('button', { name: 'Simulate', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Simulate a prospect' })).toBeVisible();
  await expectPlainWords(page, 'The simulator');
  await page.getByRole('button', { name: 'Simulate', exact: true }).click();

  await page.getByRole('button', { name: '1 sender', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Campaign settings' })).toBeVisible();
  await expectPlainWords(page, 'The campaign settings');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Review & launch' }).click();
  await expect(page.getByRole('dialog', { name: 'Review and launch' }).getByTestId('review-path').first()).toBeVisible();
  await expectPlainWords(page, 'The launch review');
});

test('the run view, sign-in, a missing page, the new-campaign dialog, an open conversation, inspiration details and a failed delivery speak the users’ words', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const launched = await createCampaign(page, uniqueName('Plain run'), findTemplate('connection-only')!.build());
  await tool<CampaignRecord>(page, 'launch-campaign', {
    campaignId: launched.campaignId,
    inspectedUpdatedAt: launched.updated_at,
    confirm: true,
  });
  await openEditor(page, launched.campaignId);
  await expect(page.getByRole('complementary', { name: 'Run' }).getByRole('list', { name: 'Funnel' })).toBeVisible();
  await expectPlainWords(page, 'The run view');

  await page.goto('/');
  await page.getByRole('button', { name: 'New campaign' }).click();
  await expect(page.getByRole('dialog', { name: 'New campaign' })).toBeVisible();
  await expectPlainWords(page, 'The new-campaign dialog');
  await page.keyboard.press('Escape');

  await page.goto('/no-such-page');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectPlainWords(page, 'A missing page');

  await page.goto('/inbox');
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  await expectPlainWords(page, 'An open conversation');

  await page.goto('/inspiration');
  await page.getByText('More details').click();
  await expectPlainWords(page, 'The inspiration form with its details open');

  await page.goto('/audience/import');
  await expectPlainWords(page, 'The audience import');

  // Nothing listens on port 1: the test delivery fails without an answer, and its drawer says why.
  const created = await apiRequest(page, 'POST', '/api/v1/webhook-endpoints', {
    url: 'http://127.0.0.1:1/plain-words',
    eventTypes: ['campaign.launched'],
  });
  expect((await apiRequest(page, 'POST', `/api/v1/webhook-endpoints/${created.body.endpointId}/test`)).status).toBe(202);
  const attempted = async () =>
    (await apiRequest(page, 'GET', `/api/v1/webhook-endpoints/${created.body.endpointId}/deliveries`)).body.items[0]?.attempts ?? 0;
  await expect.poll(attempted, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto(`/webhooks?endpoint=${created.body.endpointId}`);
  await page
    .locator('tbody tr')
    .filter({ hasText: 'Test event' })
    .getByRole('button', { name: /open the delivery/ })
    .click();
  await expect(page.getByRole('dialog', { name: /Delivery/ })).toBeVisible();
  await expectPlainWords(page, 'A delivery’s details');

  const signedOut = await browser.newPage();
  await signedOut.goto(page.url().replace(/\/webhooks.*$/, '/'));
  await expect(signedOut.getByRole('button', { name: /Sign in/ })).toBeVisible();
  await expectPlainWords(signedOut, 'The sign-in page');
  await signedOut.close();
});

test('on a phone, the menu, every page and a selected step’s sheet speak the users’ words', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const campaign = await createCampaign(page, uniqueName('Plain phone'), findTemplate('scored-follow-up')!.build());
  await signIn(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /Campaigns/ }).click();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expectPlainWords(page, 'The phone menu');

  for (const [path, screen] of [
    ['/', 'The campaigns list on a phone'],
    ['/inbox', 'The inbox on a phone'],
    ['/inspiration', 'Inspiration on a phone'],
    ['/audience', 'The audience on a phone'],
    ['/audience/do-not-contact', 'The do-not-contact list on a phone'],
    ['/webhooks', 'Webhooks on a phone'],
  ] as const) {
    await page.goto(path);
    await expect(nav).toBeVisible();
    await expectPlainWords(page, screen);
  }

  await page.goto(`/campaigns/${campaign.campaignId}`);
  await canvasNode(page, 'invite').click();
  await expect(page.locator('#inspector-title')).toHaveText('Connection request');
  await expectPlainWords(page, 'A step’s sheet on a phone');
});
