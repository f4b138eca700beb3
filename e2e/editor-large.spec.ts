import { followUpChain } from '../src/domain/testing/fixtures';
import { expect, test, type Page } from './support/test';
import { canvasNode, createCampaign, openEditor, uniqueName } from './support/editor';

/**
 * A large campaign: it opens on a viewport computed before anything is drawn — its Start
 * step, or with `?view=fit` the whole graph — and zoomed out past the point where text is legible its
 * steps are drawn without details (nodes/far.ts), which come back when the user zooms in.
 */

const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

test('a large campaign opens on its Start step at a legible zoom, drawn in detail', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Large'), followUpChain(200));
  await openEditor(page, campaign.campaignId);
  const start = canvasNode(page, 'start');
  await expect(start).toBeVisible();
  expect(await zoomOf(page)).toBeCloseTo(0.8, 5);
  const canvas = (await page.locator('.canvas').boundingBox())!;
  const box = (await start.boundingBox())!;
  // Centred, near the top.
  expect(Math.abs(box.x + box.width / 2 - (canvas.x + canvas.width / 2))).toBeLessThan(4);
  expect(box.y - canvas.y).toBeLessThan(80);
  await expect(canvasNode(page, 'invite')).toContainText('Invite');
  await expect(page.locator('.canvas')).not.toHaveClass(/is-far/);
  // The overview map comes once the first view is drawn, with every step.
  await expect(page.locator('.react-flow__minimap-node')).toHaveCount(200);
});

test('with ?view=fit it opens on the whole graph, steps without details until zoomed in', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Large fit'), followUpChain(200));
  await openEditor(page, campaign.campaignId);
  // The first frame with a step on screen: how many steps React Flow has, and what the pending layer painted.
  await page.addInitScript(() => {
    const w = window as unknown as { firstFrame?: { attached: number; painted: number } };
    const tick = () => {
      const attached = document.querySelectorAll('.react-flow__node').length;
      if (!attached) return void requestAnimationFrame(tick);
      const layer = document.querySelector<HTMLCanvasElement>('canvas.pending-steps');
      const pixels = layer?.getContext('2d')?.getImageData(0, 0, layer.width, layer.height).data ?? [];
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
      w.firstFrame = { attached, painted };
    };
    requestAnimationFrame(tick);
  });
  await page.goto(`/campaigns/${campaign.campaignId}?view=fit`);
  await expect(canvasNode(page, 'follow_up_197')).toBeVisible();
  // Steps are handed to React Flow in batches; from the first frame, the ones still waiting are
  // painted under them (PendingStepsLayer), and that layer goes once all are attached.
  const first = await page.evaluate(() => (window as unknown as { firstFrame: { attached: number; painted: number } }).firstFrame);
  expect(first.attached).toBeLessThan(200);
  expect(first.painted).toBeGreaterThan(10_000);
  await expect(page.locator('.react-flow__node')).toHaveCount(200);
  await expect(page.locator('canvas.pending-steps')).toHaveCount(0);
  await expect(page.locator('.canvas')).toHaveClass(/is-far/);
  const canvas = (await page.locator('.canvas').boundingBox())!;
  for (const id of ['start', 'end', 'follow_up_1', 'follow_up_197']) {
    const box = (await canvasNode(page, id).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(canvas.x);
    expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
  }
  // Far: the box, its name and its handles, no summary or output labels.
  const step = canvasNode(page, 'follow_up_5');
  await expect(step.locator('.wf-node-label')).toHaveText('Message');
  await expect(step.locator('.wf-node-summary')).toHaveCount(0);
  await expect(step.locator('.wf-output-label')).toHaveCount(0);
  await expect(step.locator('.react-flow__handle')).toHaveCount(3);
  await expect(page.locator('.react-flow__edge').first()).toBeAttached();

  // Zoomed in, the details are back.
  for (let i = 0; i < 10 && (await zoomOf(page)) < 0.5; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
  await expect(page.locator('.canvas')).not.toHaveClass(/is-far/);
  await expect(page.locator('.wf-node-summary').first()).toContainText('follow-up');
});

test('a reload reads the campaign once, asked before the editor’s code has loaded (boot/early-read.ts)', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Early'), followUpChain(200));
  await openEditor(page, campaign.campaignId);
  const order: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/mcp') && body.includes('"get-campaign"')) order.push('get-campaign');
    else if (/\/assets\/(index|EditorPage|EditorLayout)-/.test(request.url()))
      order.push(/\/assets\/([A-Za-z]+)-/.exec(request.url())![1]!);
  });
  await page.reload();
  await expect(canvasNode(page, 'start')).toBeVisible();
  await expect(canvasNode(page, 'invite')).toContainText('Invite');
  expect(order.filter((r) => r === 'get-campaign')).toHaveLength(1);
  // The page's code is cached by now, but the editor's chunks are asked for only once the app runs.
  expect(order.indexOf('get-campaign')).toBeLessThan(order.indexOf('EditorPage'));
});

test('a large campaign is routed once as it opens, in either view, and again when a step moves', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Routed once'), followUpChain(200));
  await openEditor(page, campaign.campaignId);
  // Every request to the route worker (edge-routes.ts), and every answer.
  await page.addInitScript(() => {
    const w = window as unknown as { routing: { asked: number; answered: number } };
    w.routing = { asked: 0, answered: 0 };
    const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      if (w.routing.asked++ === 0) this.addEventListener('message', () => w.routing.answered++);
      post.apply(this, args);
    } as Worker['postMessage'];
  });
  const routing = () => page.evaluate(() => (window as unknown as { routing: { asked: number; answered: number } }).routing);
  for (const view of ['?view=fit', '']) {
    await page.goto(`/campaigns/${campaign.campaignId}${view}`);
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await expect.poll(async () => (await routing()).answered, { timeout: 15_000 }).toBe(1);
    // Steps keep being attached and measured after the first view: none of that routes again.
    if (view) await expect(page.locator('.react-flow__node')).toHaveCount(200);
    await page.evaluate(() => new Promise((ok) => setTimeout(ok, 500)));
    expect(await routing(), view || 'start view').toEqual({ asked: 1, answered: 1 });
  }
  const box = (await canvasNode(page, 'invite').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 80, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await routing()).answered, { timeout: 15_000 }).toBe(2);
});
