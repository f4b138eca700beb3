import { expect, test, type Page } from './support/test';
import { signIn, tool } from './support/session';
import {
  canvasNode,
  createCampaign,
  fitView,
  framesDrawn,
  getCampaign,
  openEditor,
  openStepList,
  selectEdge,
  settledViewport,
  sourceHandle,
  uniqueName,
} from './support/editor';

/** Room to draw, steps that land where they belong, connections that read true. */

const SIZES = [
  { width: 1440, height: 900, minShare: 0.65 },
  { width: 1280, height: 720, minShare: 0.6 },
] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
const rect = (page: Page, selector: string) => page.locator(selector).first().boundingBox();
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/**
 * The share of the window's width where the canvas is not covered by a panel (the step list or its
 * rail, the dock or its rail, the floating step form), measured from their boxes on screen.
 */
async function uncoveredCanvasShare(page: Page): Promise<{ share: number; parts: string }> {
  return page.evaluate(() => {
    const box = (sel: string) => {
      const el = document.querySelector(sel);
      const r = el?.getBoundingClientRect();
      return r && r.width > 0 ? { sel, left: r.left, right: r.right } : null;
    };
    const canvas = box('.canvas')!;
    const panels = ['.editor .palette', '.dock', '.canvas-stage > .inspector'].map(box).filter((b) => b !== null);
    // Walk the canvas's width pixel by pixel: a column is free when no panel covers it.
    let free = 0;
    for (let x = Math.ceil(canvas.left); x < Math.floor(canvas.right); x++) if (!panels.some((p) => x >= p.left && x < p.right)) free++;
    const parts = panels.map((p) => `${p.sel} ${Math.round(p.left)}–${Math.round(p.right)}`).join(', ');
    return { share: free / window.innerWidth, parts: `canvas ${Math.round(canvas.left)}–${Math.round(canvas.right)}; ${parts}` };
  });
}

/** The connection-only template with End moved far to the right: fit-view puts End where the step form opens. */
async function campaignWithStepOnTheRight(page: Page) {
  const base = await createCampaign(page, uniqueName('Room'));
  const def = base.workflow_definition;
  for (const n of def.nodes) if (n.id === 'end') n.position = { x: n.position.x + 1100, y: n.position.y };
  return createCampaign(page, uniqueName('Room'), def);
}

/** Connection segments (sampled along the drawn paths) that pass through a step that is not one of their ends. */
async function crossingsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => ({
      id: n.dataset.id!,
      r: n.getBoundingClientRect(),
    }));
    const hits: string[] = [];
    for (const edge of document.querySelectorAll<SVGGElement>('.react-flow__edge')) {
      const source = edge.dataset.source;
      const target = edge.dataset.target;
      const path = edge.querySelector<SVGPathElement>('path.react-flow__edge-path')!;
      const ctm = path.getScreenCTM()!;
      const length = path.getTotalLength();
      for (let d = 0; d <= length; d += 3) {
        const p = path.getPointAtLength(d).matrixTransform(ctm);
        for (const b of boxes) {
          if (b.id === source || b.id === target) continue;
          // 2 px inside the card: a connection running along an edge is not behind it.
          if (p.x > b.r.left + 2 && p.x < b.r.right - 2 && p.y > b.r.top + 2 && p.y < b.r.bottom - 2)
            hits.push(`${edge.dataset.id} × ${b.id}`);
        }
      }
    }
    return [...new Set(hits)];
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('room to draw: the step form floats, the canvas keeps its share, the step stays in view, one toolbar row', async ({ page }) => {
      const campaign = await campaignWithStepOnTheRight(page);
      await openEditor(page, campaign.campaignId);
      // The dock starts as its icon rail (space is short below 1800 px).
      await expect(page.getByRole('button', { name: 'Expand side panel' })).toBeVisible();
      // Too wide to read fitted, it opens on Start: the whole campaign in view first, as a user would.
      await page.getByRole('button', { name: 'Fit the whole campaign in view' }).click();
      await canvasNode(page, 'end').click();
      const form = page.locator('.canvas-stage .inspector');
      await expect(form).toBeVisible();
      await framesDrawn(page); // the pan animation has begun…
      await settledViewport(page); // …and ended
      const canvas = (await rect(page, '.canvas'))!;
      const formBox = (await form.boundingBox())!;
      // The step list is its rail, the dock its rail: the canvas keeps its share beside the open form.
      await expect(page.getByRole('button', { name: 'Add a step', exact: true })).toBeVisible();
      const { share, parts } = await uncoveredCanvasShare(page);
      test
        .info()
        .annotations.push({ type: 'canvas share (not covered by a panel)', description: `${(share * 100).toFixed(1)} % (${parts})` });
      console.log(`canvas share at ${size.width}×${size.height}: ${(share * 100).toFixed(1)} % (${parts})`);
      expect(share).toBeGreaterThanOrEqual(size.minShare);
      // The selected step is not under the form, and is inside the canvas.
      const end = (await canvasNode(page, 'end').boundingBox())!;
      expect(overlap(end, formBox)).toBe(false);
      expect(end.x).toBeGreaterThanOrEqual(canvas.x);
      // The minimap is whole, inside the canvas and beside the form.
      const mini = (await rect(page, '.react-flow__minimap'))!;
      expect(mini.x).toBeGreaterThanOrEqual(canvas.x);
      expect(mini.y + mini.height).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
      expect(overlap(mini, formBox)).toBe(false);
      // One toolbar row: Save sits on the same line as Undo.
      const toolbar = page.getByRole('toolbar', { name: 'Campaign editor' });
      const save = (await toolbar.getByRole('button', { name: 'Save', exact: true }).boundingBox())!;
      const undo = (await toolbar.getByRole('button', { name: /^Undo/ }).boundingBox())!;
      expect(Math.abs(save.y - undo.y)).toBeLessThan(4);
      expect((await toolbar.boundingBox())!.height).toBeLessThan(64);
      await shot(page, `room-${size.width}`);
    });

    test('the campaign name has room in the toolbar and titles the tab; the step form keeps its reference folded away', async ({
      page,
    }) => {
      // The demo campaign's name, which used to read "Found…" at 1280.
      const name = 'Founder outreach — Q3';
      const campaign = await createCampaign(page, name);
      await openEditor(page, campaign.campaignId);
      const title = page.getByRole('heading', { level: 1, name });
      await expect(title).toBeVisible();
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the name is not cut').toBe(true);
      await expect(page).toHaveTitle(`${name} · Campaign Studio`);
      await canvasNode(page, 'connection_request').click();
      const form = page.getByRole('region', { name: 'Connection request' });
      await expect(form).toBeVisible();
      await expect(form.getByText(/Step id/)).toHaveCount(0);
      await expect(form.getByText('connection_request')).toBeHidden();
      await form.getByText('Technical details').click();
      await expect(form.getByText('connection_request')).toBeVisible();
      await shot(page, `title-and-form-${size.width}`);
    });

    test('click-add never lands on a step; after a message it continues on No reply', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Place'));
      await openEditor(page, campaign.campaignId);
      // Nothing selected: the visible centre, off every step.
      await (await openStepList(page)).getByRole('button', { name: /^Delay / }).click();
      await expect(canvasNode(page, 'delay_1')).toBeVisible();
      const boxes = await page
        .locator('.react-flow__node')
        .evaluateAll((els) => els.map((e) => ({ id: (e as HTMLElement).dataset.id!, r: e.getBoundingClientRect().toJSON() as DOMRect })));
      const added = boxes.find((b) => b.id === 'delay_1')!;
      for (const b of boxes) if (b.id !== 'delay_1') expect(overlap(added.r, b.r), `delay_1 overlaps ${b.id}`).toBe(false);
      // A message hung from the invitation, then an InMail after it: on No reply, not Replied.
      await selectEdge(page, 'e_connection_request_accepted');
      await page.keyboard.press('Delete');
      await canvasNode(page, 'connection_request').click();
      await (await openStepList(page)).getByRole('button', { name: /^Message Sends a direct message/ }).click();
      await expect(page.locator('.react-flow__edge[data-id="e_connection_request_accepted_message_1"]')).toHaveCount(1);
      await expect(canvasNode(page, 'message_1')).toHaveClass(/selected/);
      await openStepList(page);
      await page.getByRole('searchbox', { name: 'Search steps' }).fill('inmail');
      await page.getByRole('searchbox', { name: 'Search steps' }).press('Enter');
      await expect(canvasNode(page, 'inmail_1')).toBeVisible();
      await expect(page.locator('.react-flow__edge[data-id="e_message_1_no_reply_inmail_1"]')).toHaveCount(1);
      // Replied came wired to an End of its own when the message was added; the InMail is never on it.
      await expect(page.locator('.react-flow__edge[data-id="e_message_1_replied_inmail_1"]')).toHaveCount(0);
      await expect(page.locator('.react-flow__edge[data-id^="e_message_1_replied"]')).toHaveCount(1);
      await shot(page, `placement-${size.width}`);
    });

    test('a connection dropped on empty canvas opens the step menu there and adds the step, connected', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Drop'));
      await openEditor(page, campaign.campaignId);
      await selectEdge(page, 'e_connection_request_accepted');
      await page.keyboard.press('Delete');
      await fitView(page);
      const before = await settledViewport(page);
      const handle = (await page.locator(sourceHandle('connection_request', 'accepted')).boundingBox())!;
      const pane = (await rect(page, '.canvas'))!;
      // Left of End, clear of every step: the new step's top centre goes exactly there.
      const drop = { x: Math.max(pane.x + 160, handle.x - 320), y: Math.min(pane.y + pane.height - 80, handle.y + 140) };
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move((handle.x + drop.x) / 2, (handle.y + drop.y) / 2, { steps: 5 });
      await page.mouse.move(drop.x, drop.y, { steps: 5 });
      await page.mouse.up();
      const menu = page.getByRole('dialog', { name: 'Add a step here' });
      await expect(menu).toBeVisible();
      await menu.getByRole('searchbox').fill('message');
      await shot(page, `drop-menu-${size.width}`);
      await menu.getByRole('searchbox').press('Enter');
      await expect(canvasNode(page, 'message_1')).toBeVisible();
      await expect(page.locator('.react-flow__edge[data-id="e_connection_request_accepted_message_1"]')).toHaveCount(1);
      // Its top centre is where the connection was dropped, wherever the canvas then panned to keep
      // the new, selected step clear of the canvas edge.
      await expect(page.locator('.canvas-stage .inspector')).toBeVisible();
      const after = await settledViewport(page);
      const msg = (await canvasNode(page, 'message_1').boundingBox())!;
      // Within half a snap cell (16 graph px) on screen, at the view's zoom.
      const near = 8 * Math.max(1, after.zoom) + 1;
      expect(Math.abs(msg.x + msg.width / 2 - (drop.x + after.x - before.x))).toBeLessThan(near);
      expect(Math.abs(msg.y - (drop.y + after.y - before.y))).toBeLessThan(near);
    });

    test('a short connection is selected by a click (the + sits beside it); Delete removes it', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Short'));
      await openEditor(page, campaign.campaignId);
      const edge = page
        .locator('.react-flow__edge[data-id="e_start_next"], .react-flow__edge[data-source="start"][data-target="connection_request"]')
        .first();
      const id = await edge.getAttribute('data-id');
      const mid = await edge.locator('path.react-flow__edge-path').evaluate((p: SVGPathElement) => {
        const pt = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM()!);
        return { x: pt.x, y: pt.y };
      });
      await page.mouse.move(mid.x, mid.y);
      await expect(page.getByRole('button', { name: 'Insert a step on this connection' })).toBeVisible();
      const plus = (await page.getByRole('button', { name: 'Insert a step on this connection' }).boundingBox())!;
      expect(mid.x >= plus.x && mid.x <= plus.x + plus.width && mid.y >= plus.y && mid.y <= plus.y + plus.height).toBe(false);
      await page.mouse.click(mid.x, mid.y);
      await expect(page.locator(`.react-flow__edge[data-id="${id}"]`)).toHaveClass(/selected/);
      await page.keyboard.press('Delete');
      await expect(page.locator(`.react-flow__edge[data-id="${id}"]`)).toHaveCount(0);
    });

    test('Ctrl+K finds a step by label or summary; Enter centres and selects it; not while typing', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Finder'));
      await openEditor(page, campaign.campaignId);
      await openStepList(page);
      await page.getByRole('searchbox', { name: 'Search steps' }).fill('x');
      await page.getByRole('searchbox', { name: 'Search steps' }).press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Go to a step' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.locator('.react-flow__pane').click({ position: { x: 400, y: 10 } });
      await page.keyboard.press('Control+k');
      const finder = page.getByRole('dialog', { name: 'Go to a step' });
      await expect(finder).toBeVisible();
      await expect(finder.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('invit');
      await expect(finder.getByRole('option')).toHaveCount(1);
      await shot(page, `finder-${size.width}`);
      await page.keyboard.press('Enter');
      await expect(finder).toHaveCount(0);
      await expect(canvasNode(page, 'connection_request')).toHaveClass(/selected/);
      await expect(page.getByRole('region', { name: 'Connection request' })).toBeVisible();
    });
  });
}

test('after Tidy up, no connection passes behind a step (demo campaigns)', async ({ page }) => {
  await signIn(page);
  const all: { campaignId: string; name: string }[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page_: { items: { campaignId: string; name: string }[]; nextCursor: string | null } = await tool(page, 'list-campaigns', {
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    all.push(...page_.items);
    cursor = page_.nextCursor;
  }
  const demos = all.filter((c) => /^(Founder outreach|Webinar)/i.test(c.name));
  expect(demos.length).toBeGreaterThan(0);
  for (const demo of demos) {
    const original = await getCampaign(page, demo.campaignId);
    const copy = await createCampaign(page, uniqueName(`Tidy ${demo.name}`), original.workflow_definition);
    await openEditor(page, copy.campaignId);
    await page.waitForTimeout(300);
    expect(await crossingsOnScreen(page), 'stored positions').toEqual([]);
    await page.getByRole('button', { name: /More actions/ }).click();
    await page.getByRole('button', { name: /^Tidy up/ }).click();
    await fitView(page);
    expect(await crossingsOnScreen(page), 'after Tidy up').toEqual([]);
    await shot(page, `tidy-${copy.campaignId}`);
  }
});

test('the step list starts as its rail, opens as a menu over the canvas and remembers being kept open', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Step list'));
  await openEditor(page, campaign.campaignId);
  const add = page.getByRole('button', { name: 'Add a step', exact: true });
  await add.click();
  const menu = page.getByRole('dialog', { name: 'Add a step' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('searchbox', { name: 'Search steps' })).toBeFocused();
  await shot(page, 'step-menu-1440');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(add).toBeFocused();
  await page.getByRole('button', { name: 'Keep the step list open' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search steps' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search steps' })).toBeVisible();
  await expect(add).toHaveCount(0);
  await page.getByRole('button', { name: 'Collapse the step list' }).click();
  await page.reload();
  await expect(add).toBeVisible();
});

test('the dock starts as its rail when space is short and remembers the user’s choice', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Dock rail'));
  await openEditor(page, campaign.campaignId);
  await page.getByRole('button', { name: 'Expand side panel' }).click();
  await expect(page.getByRole('complementary', { name: 'Side panel' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Side panel' })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse side panel' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand side panel' })).toBeVisible();
});
