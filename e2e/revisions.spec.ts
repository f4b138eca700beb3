import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { WEEKDAYS } from '../src/domain/contract/schedule';
import { edge, node } from '../src/domain/testing/fixtures';
import type { WorkflowDefinition } from '../src/domain/workflow-types';
import { demoAccounts } from './inbox-data';
import { canvasNode, openEditor, uniqueName, type CampaignRecord } from './support/editor';
import { apiRequest, tool } from './support/session';

/**
 * Contract 10.4 in the studio (issue 38): Edit on a running campaign opens a revision with its
 * banner; the follow-up's text is changed and published, and the next prospect's timeline shows the
 * new text (sandbox); a step with prospects on it is removed and they are moved; a revision is
 * discarded. At 1440×900 and 1024×768, screenshots in /tmp/shots-revisions.
 */

const SHOTS = '/tmp/shots-revisions';
const OLD_TEXT = 'Good to be connected, {{firstName}}.';
const NEW_TEXT = 'Great to be connected, {{firstName}} — a quick question.';

// One sending step per prospect: the sender's spacing (ACTION_SPACING_S) keeps the run to a minute or two.
const graph = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start', {}, { x: 0, y: 0 }),
    node('follow', 'message', { name: 'Follow-up', message_template: OLD_TEXT, reply_wait_days: 3 }, { x: 0, y: 150 }),
    node('end', 'end', {}, { x: 0, y: 300 }),
  ],
  edges: [edge('start', 'follow'), edge('follow', 'end', 'replied'), edge('follow', 'end', 'no_reply')],
});

/** A running campaign on a fast sandbox where everyone accepts and nobody replies; `enroll` enrols new prospects. */
async function runningCampaign(page: Page, second: boolean) {
  const accounts = await demoAccounts(page);
  // Each size's test has a sender of its own: their spacings do not add up.
  const sender = second ? (accounts.linkedin2 ?? accounts.linkedin) : accounts.linkedin;
  await apiRequest(page, 'PUT', '/api/v1/executor', { kind: 'sandbox', acceptRate: 1, replyRate: 0, medianResponseHours: 0.0005, seed: 5 });
  await apiRequest(page, 'PATCH', `/api/messaging/accounts/${sender}`, {
    dailyLimits: { connection_request: 500, message: 500 },
    weeklyLimits: { connection_request: 10_000, message: 10_000 },
  });
  const name = uniqueName('Revised');
  const draft = await tool<CampaignRecord>(page, 'create-campaign', {
    name,
    workflow_definition: graph(),
    senderAccountIds: [sender],
  });
  const scheduled = await apiRequest(page, 'PUT', `/api/v1/campaigns/${draft.campaignId}/schedule`, {
    days: [...WEEKDAYS],
    start: '00:00',
    end: '23:59',
  });
  await tool(page, 'launch-campaign', { campaignId: draft.campaignId, inspectedUpdatedAt: scheduled.body.updated_at, confirm: true });
  const tag = name.replace(/\W+/g, '-').toLowerCase();
  let n = 0;
  const enroll = async (count: number) => {
    const prospects = Array.from({ length: count }, () => {
      n++;
      return { profileUrl: `https://www.linkedin.com/in/${tag}-${n}`, name: `Prospect ${n}`, customFields: { firstName: `Ann${n}` } };
    });
    expect((await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects })).status).toBe(200);
    const listed = await apiRequest(page, 'GET', `/api/v1/prospects?limit=50&search=${tag}`);
    const ids = (listed.body.items as { prospectId: string; name: string }[])
      .filter((p) => prospects.some((q) => q.name === p.name))
      .map((p) => p.prospectId);
    expect((await apiRequest(page, 'POST', `/api/v1/campaigns/${draft.campaignId}/enrollments`, { prospectIds: ids })).status).toBe(200);
  };
  return { campaignId: draft.campaignId, enroll };
}

/** The texts a prospect of the campaign was sent, once the run reached the follow-up for them. */
async function followUpText(page: Page, campaignId: string, prospect: string): Promise<string> {
  let text = '';
  await expect(async () => {
    const listed = await apiRequest(page, 'GET', `/api/v1/campaigns/${campaignId}/enrollments?limit=100`);
    const mine = (listed.body.items as { enrollmentId: string; prospect: { name: string } }[]).find((e) => e.prospect.name === prospect)!;
    const timeline = await apiRequest(page, 'GET', `/api/v1/enrollments/${mine.enrollmentId}/timeline`);
    const item = (timeline.body.items as { nodeId: string; rendered: { text: string } | null }[]).find(
      (i) => i.nodeId.startsWith('follow') && i.rendered,
    );
    expect(item).toBeTruthy();
    text = item!.rendered!.text;
  }).toPass({ timeout: 180_000 });
  return text;
}

for (const [width, height] of [
  [1440, 900],
  [1024, 768],
] as const) {
  test(`a running campaign changes through a revision: text, a removed step, discard (${width}×${height})`, async ({ page }) => {
    test.setTimeout(480_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    const { campaignId, enroll } = await runningCampaign(page, width !== 1440);
    await enroll(1);
    expect(await followUpText(page, campaignId, 'Prospect 1')).toBe('Good to be connected, Ann1.');

    // Edit → the revision, with its banner; the follow-up's text changes and is saved.
    await openEditor(page, campaignId);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const banner = page.getByRole('region', { name: 'Revision of a running campaign' });
    await expect(banner).toContainText(
      'You are editing a revision of a running campaign — nothing changes for prospects until you publish',
    );
    await canvasNode(page, 'follow').click();
    await page.getByRole('region', { name: 'Follow-up' }).getByLabel('Message', { exact: true }).fill(NEW_TEXT);
    await page.getByRole('toolbar', { name: 'Campaign editor' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved. Nothing changes for prospects until you publish.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/revision-banner-${width}x${height}.png` });

    // Review and publish: the impact in words, the text before and after.
    await banner.getByRole('button', { name: 'Review and publish' }).click();
    const review = page.getByRole('dialog', { name: 'Review and publish' });
    await expect(review).toContainText('1 step changed');
    await expect(review).toContainText('Nobody now in the campaign is still to get “Follow-up”: prospects added later get the new text.');
    await expect(review.getByLabel('Changed texts')).toContainText(OLD_TEXT);
    await expect(review.getByLabel('Changed texts')).toContainText(NEW_TEXT);
    await page.screenshot({ path: `${SHOTS}/review-text-${width}x${height}.png` });
    await review.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published: the campaign now runs the new version.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Run' })).toBeVisible();

    // The next prospect gets the new text; the first one kept the text they were sent.
    await enroll(1);
    expect(await followUpText(page, campaignId, 'Prospect 2')).toBe('Great to be connected, Ann2 — a quick question.');
    expect(await followUpText(page, campaignId, 'Prospect 1')).toBe('Good to be connected, Ann1.');

    // Remove the follow-up, where both wait for a reply, for a last note (saved by an agent); they end their run.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(banner).toBeVisible();
    const revisionId = new URL(page.url()).pathname.split('/').at(-1)!;
    const revision = await tool<CampaignRecord>(page, 'get-campaign', { campaignId: revisionId });
    const next = graph();
    next.nodes = next.nodes.map((n) =>
      n.id === 'follow'
        ? { ...n, id: 'last', data: { ...n.data, name: 'Last note', message_template: 'One last note, {{firstName}}.' } }
        : n,
    );
    next.edges = [edge('start', 'last'), edge('last', 'end', 'replied'), edge('last', 'end', 'no_reply')];
    await tool(page, 'update-campaign-workflow', {
      campaignId: revisionId,
      expectedUpdatedAt: revision.updated_at,
      workflow_definition: next,
    });
    await openEditor(page, revisionId);
    await banner.getByRole('button', { name: 'Review and publish' }).click();
    await expect(review).toContainText('“Follow-up” removed: 2 prospects there — move them to:');
    await expect(review).toContainText('“Last note” added');
    await expect(review.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
    await review.getByRole('combobox').selectOption({ label: 'End their run' });
    await page.screenshot({ path: `${SHOTS}/review-move-${width}x${height}.png` });
    await review.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published: the campaign now runs the new version.')).toBeVisible();
    const listed = await apiRequest(page, 'GET', `/api/v1/campaigns/${campaignId}/enrollments?limit=100`);
    for (const e of listed.body.items as { enrollmentId: string; status: string }[]) {
      expect(e.status).toBe('finished');
      const timeline = await apiRequest(page, 'GET', `/api/v1/enrollments/${e.enrollmentId}/timeline`);
      // Sent and waiting for a reply: done; not yet sent: skipped, with why.
      expect((timeline.body.items as { nodeId: string; status: string }[]).find((i) => i.nodeId === 'follow')?.status).toMatch(
        /^(done|skipped)$/,
      );
    }
    await page.screenshot({ path: `${SHOTS}/run-after-${width}x${height}.png` });

    // Discard: the revision goes, the campaign runs as it was.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Discard revision' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard revision' }).click();
    await expect(page.getByText('Revision discarded: the campaign runs as before.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Run' })).toBeVisible();
    const after = await tool<CampaignRecord & { openRevisionId: string | null }>(page, 'get-campaign', { campaignId });
    expect(after.openRevisionId).toBeNull();
    expect(after.workflow_definition.nodes.map((n) => n.id)).toEqual(['start', 'last', 'end']);
    await page.screenshot({ path: `${SHOTS}/discarded-${width}x${height}.png` });
  });
}
