import { mkdirSync } from 'node:fs';
import { findTemplate } from '../src/domain/paths';
import { followUpChain } from '../src/domain/testing/fixtures';
import { canvasNode, createCampaign, openEditor, settledViewport, uniqueName } from './support/editor';
import { signIn } from './support/session';
import { expect, test, type Page } from './support/test';

/**
 * Room on the screens this work changed, at 1440×900, 1280×720 and 1024×768: side panels leave the
 * canvas at least half the width, the overview map moves the view when clicked, a tall campaign opens
 * legible (Start at the top) and 96 chained steps fit the view with the fit button. Screenshots go to /tmp/shots-manage/ to be looked at.
 */

const SHOTS = '/tmp/shots-manage';
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the campaigns list and its archive', async ({ page }) => {
      await createCampaign(page, uniqueName('Shots'), findTemplate('connection-only')!.build());
      await signIn(page, '/');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/list-${size}.png` });
      await page.getByRole('button', { name: 'Show archived' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Archived campaigns' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/archive-${size}.png` });
    });

    test('the step form leaves the canvas half the width; the overview map moves the view', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Room'), findTemplate('scored-follow-up')!.build());
      await openEditor(page, campaign.campaignId);
      await canvasNode(page, 'invite').click();
      await expect(page.getByRole('region', { name: 'Step settings' }).or(page.locator('.inspector')).first()).toBeVisible();
      const stage = await box(page, '.canvas-stage');
      const form = await box(page, '.canvas-stage > .inspector');
      expect(form.width).toBeLessThanOrEqual(stage.width / 2);
      const map = await box(page, '.react-flow__minimap');
      const controls = await box(page, '.react-flow__controls');
      expect(map.x + map.width <= form.x || map.y + map.height <= form.y, 'the map is clear of the step form').toBe(true);
      expect(controls.x + controls.width <= map.x, 'the map is clear of the zoom buttons').toBe(true);
      await page.screenshot({ path: `${SHOTS}/editor-step-${size}.png` });

      const before = await settledViewport(page);
      await page.mouse.click(map.x + map.width - 6, map.y + map.height - 6);
      const after = await settledViewport(page);
      expect(after.x !== before.x || after.y !== before.y, 'a click on the map moves the view').toBe(true);
    });

    test('a tall campaign opens legible with Start at the top; 96 chained steps fit the view with the fit button', async ({ page }) => {
      const campaign = await createCampaign(page, uniqueName('Ninety-six'), followUpChain(96));
      await openEditor(page, campaign.campaignId);
      const opened = await settledViewport(page);
      expect(opened.zoom, 'opens at a zoom its text can be read at').toBeGreaterThanOrEqual(0.8);
      await expect(canvasNode(page, 'start')).toBeInViewport();
      await page.getByRole('button', { name: 'Fit the whole campaign in view' }).click();
      await settledViewport(page);
      const pane = await box(page, '.react-flow');
      const steps = await page.locator('.react-flow__node').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        }),
      );
      expect(steps).toHaveLength(96);
      const outside = steps.filter(
        (s) => s.top < pane.y - 1 || s.bottom > pane.y + pane.height + 1 || s.left < pane.x - 1 || s.right > pane.x + pane.width + 1,
      );
      expect(outside).toHaveLength(0);
      await page.screenshot({ path: `${SHOTS}/editor-96-${size}.png` });
    });
  });
}
