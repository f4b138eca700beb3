import { nodeDefinition } from './catalog';

/**
 * A step's box on the canvas, written once: the node view's width, the placement of new steps, the
 * layout (Tidy up) and the connection router all derive from these numbers.
 */
export const NODE_WIDTH = 240;
/** Height of a step with one output and a one-line summary, before the browser measures it. */
export const NODE_HEIGHT = 88;
/** Extra room under a step whose outputs are labelled branches (the labels sit above the handles). */
export const BRANCH_LABEL_HEIGHT = 24;
/** Horizontal and vertical distance kept between steps the editor places. */
export const NODE_GAP = { x: 40, y: 72 } as const;
/** From one step's top to the next one's when the editor puts it below (a step and a gap). */
export const ROW_GAP = NODE_HEIGHT + NODE_GAP.y;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The size a step of `type` has before it is measured (the router and layout use it when no measure exists). */
export function nominalSize(type: string | undefined): Size {
  const def = nodeDefinition(type);
  const branches = def?.outputs.kind === 'branch' && def.outputs.handles.length > 1;
  return { width: NODE_WIDTH, height: NODE_HEIGHT + (branches ? BRANCH_LABEL_HEIGHT : 0) };
}

/** The centre of a step whose top-left corner is `position`. */
export const nodeCenter = (position: Point, size: Size = { width: NODE_WIDTH, height: NODE_HEIGHT }): Point => ({
  x: position.x + size.width / 2,
  y: position.y + size.height / 2,
});

/** X offset (from the step's left edge) of output `index` of `count`: outputs are spread evenly along the bottom. */
export const outputOffsetX = (index: number, count: number, width: number = NODE_WIDTH): number => ((index + 1) / (count + 1)) * width;
