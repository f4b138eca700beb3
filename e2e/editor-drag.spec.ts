import { expect, test, type Page } from './support/test';
import { canvasNode, createCampaign, openEditor, uniqueName } from './support/editor';

/**
 * Between the first frame of a step drag and its drop, the canvas paints outside React
 * (canvas/live-drag.ts, drag-layer.ts). What a user must see: the step and its connections follow the
 * pointer, and after the drop everything is drawn by the editor again, exactly where it belongs.
 */

/** The connections into End in a new campaign (Connection request → End, twice). */
const EDGES_OF_END = ['e_connection_request_accepted', 'e_connection_request_no_response'];

/** The screen point where a connection's drawn path starts and ends. */
const pathEnds = (page: Page, edgeId: string) =>
  page.locator(`.react-flow__edge[data-id="${edgeId}"] path.react-flow__edge-path`).evaluate((el) => {
    const path = el as SVGPathElement;
    const m = path.getScreenCTM()!;
    const at = (len: number) => {
      const p = path.getPointAtLength(len);
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    };
    return { start: at(0), end: at(path.getTotalLength()) };
  });
/** Where React Flow ends a connection at an input handle: the middle of its top edge. */
const inputPoint = async (page: Page, nodeId: string) => {
  const box = (await page.locator(`.react-flow__handle.target[data-nodeid="${nodeId}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y };
};
const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y) < 6;

/** Whether the drag layer has anything drawn within `r` px of a screen point. */
const drawnNear = (page: Page, point: { x: number; y: number }, r = 6) =>
  page.evaluate(
    ({ x, y, r }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.live-drag-edges');
      if (!canvas) return false;
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const data = canvas
        .getContext('2d')!
        .getImageData(
          Math.round((x - box.left - r) * scale),
          Math.round((y - box.top - r) * scale),
          Math.round(2 * r * scale),
          Math.round(2 * r * scale),
        ).data;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
      return false;
    },
    { ...point, r },
  );

const edgeHidden = (page: Page, edgeId: string) =>
  page.locator(`.react-flow__edge[data-id="${edgeId}"]`).evaluate((el) => getComputedStyle(el).visibility === 'hidden');

test('a dragged step takes its connections along; after the drop they end at its handles again', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Live drag'));
  await openEditor(page, campaign.campaignId);
  const step = canvasNode(page, 'end');
  const box = (await step.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 12);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 40 - i * 15, box.y + 12 + i * 10);

  // Mid-drag: the step is where the pointer took it; its own connections are hidden and drawn on the
  // drag layer, reaching its input at the new place; other connections are left as they are.
  await expect.poll(async () => (await step.boundingBox())!.y).toBeGreaterThan(box.y + 60);
  // The drag layer takes the step's connections over on its next animation frame.
  for (const id of EDGES_OF_END) await expect.poll(() => edgeHidden(page, id)).toBe(true);
  expect(await edgeHidden(page, 'e_start_next')).toBe(false);
  expect(await drawnNear(page, await inputPoint(page, 'end'))).toBe(true);
  expect(await drawnNear(page, { x: box.x + box.width / 2, y: box.y - 2 })).toBe(false);

  await page.mouse.up();
  await expect(page.locator('.live-drag-edges, .live-drag-shield')).toHaveCount(0);
  for (const id of EDGES_OF_END) expect(await edgeHidden(page, id)).toBe(false);
  // The editor's own drawing ends at the moved step's input.
  for (const id of EDGES_OF_END)
    await expect.poll(async () => near((await pathEnds(page, id)).end, await inputPoint(page, 'end'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Undo Move step' })).toBeVisible();
  // The page answers the pointer again (nothing left covering it).
  await canvasNode(page, 'start').click();
  await expect(canvasNode(page, 'start')).toHaveClass(/selected/);
});

test('a step dragged away and back is drawn exactly as before', async ({ page }) => {
  const campaign = await createCampaign(page, uniqueName('Away and back'));
  await openEditor(page, campaign.campaignId);
  const step = canvasNode(page, 'end');
  const paths = () =>
    Promise.all(EDGES_OF_END.map((id) => page.locator(`.react-flow__edge[data-id="${id}"] path.react-flow__edge-path`).getAttribute('d')));
  const transform = () => step.evaluate((el) => (el as HTMLElement).style.transform);
  const box = (await step.boundingBox())!;
  const at = (i: number) => ({ x: box.x + 40 - i * 30, y: box.y + 12 + i * 20 });
  const drag = async (path: number[]) => {
    await page.mouse.move(at(path[0]!).x, at(path[0]!).y);
    await page.mouse.down();
    for (const i of path.slice(1)) await page.mouse.move(at(i).x, at(i).y);
    await page.mouse.up();
    await expect(page.locator('.live-drag-edges')).toHaveCount(0);
  };
  // First onto the snap grid (the template's positions are not on it), and let the routes settle.
  await drag([0, 1, 2]);
  await expect.poll(async () => near((await pathEnds(page, EDGES_OF_END[0]!)).end, await inputPoint(page, 'end'))).toBe(true);
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 3);
  const [before, start] = [await paths(), await transform()];
  // Then away and back to the same place (React Flow anchors a drag at its first move, at(3)):
  // nothing may be left as the drag layer drew it.
  await drag([2, 3, 4, 5, 6, 5, 4, 3]);
  await expect.poll(transform).toBe(start);
  await expect.poll(paths).toEqual(before);
  for (const id of EDGES_OF_END) expect(await edgeHidden(page, id)).toBe(false);
  await expect(page.getByRole('button', { name: 'Undo Move step' })).toBeVisible();
});
