import type { Transform } from '@xyflow/react';
import { viewportContext } from './viewport-canvas';

/**
 * What a step drag paints outside React (live-drag.ts decides what; this file only touches the
 * page). Three things keep a pointer move to a few milliseconds on a 500-step campaign:
 * - a transparent shield over the page for the drag's length: the browser's hit test of every move
 *   ends at it instead of walking a thousand connection layers (and nothing below gets hover events);
 * - the dragged steps moved by a compositor animation that holds their new place (their inline
 *   transform follows too, for React Flow): a plain style change makes the browser re-layer the
 *   whole page on every move (measured: 2.7 → 1.2 ms per move on 1,000 boxes), an animation does not;
 * - their connections hidden in React Flow's SVG and drawn instead on one canvas between the
 *   connections and the steps, whose size never changes: redrawing it leaves the rest of the
 *   page's paint untouched (a path whose bounds change would make the browser re-layer every
 *   connection on every move).
 * The drop's render takes over: the canvas goes, the connections come back, already redrawn by React.
 */
export interface DragLayer {
  /** A step's element (null when it is not on the page). */
  find(nodeId: string): HTMLElement | null;
  /** Puts a step's element at `transform` (its inline style, and on the compositor). */
  move(el: HTMLElement, transform: string): void;
  /** Hides a connection's own drawing; returns how to draw it, or null when it is not on the page. */
  hideEdge(edgeId: string): EdgeStroke | null;
  /** Redraws the moving connections; `transform` is React Flow's viewport [x, y, zoom], `size` its pane's. */
  draw(transform: Transform, size: { width: number; height: number }, edges: readonly { stroke: EdgeStroke; path: string }[]): void;
  /** Puts everything back as it was, for the drop's render to take over. */
  remove(): void;
}

/** A connection's look, read once from its element when the drag starts. */
export interface EdgeStroke {
  color: string;
  width: number;
  dash: number[];
}

const byId = (root: ParentNode, selector: string, id: string) =>
  root.querySelector<HTMLElement | SVGElement>(`${selector}[data-id="${CSS.escape(id)}"]`);

export function createDragLayer(root: HTMLElement): DragLayer {
  const restore: (() => void)[] = [];
  const moving = new Map<Element, Animation>();
  const hide = (el: HTMLElement | SVGElement) => {
    el.style.setProperty('visibility', 'hidden');
    restore.push(() => el.style.removeProperty('visibility'));
  };

  const shield = document.createElement('div');
  shield.className = 'live-drag-shield';
  document.body.append(shield);
  // Safety: a drag that ends without a drop (the pointer released outside the window) must not
  // leave the page covered. The drop, when it comes, runs before this.
  const release = () => setTimeout(() => shield.remove(), 0);
  window.addEventListener('pointerup', release, { capture: true, once: true });
  window.addEventListener('pointercancel', release, { capture: true, once: true });
  restore.push(() => {
    shield.remove();
    window.removeEventListener('pointerup', release, { capture: true });
    window.removeEventListener('pointercancel', release, { capture: true });
  });

  let canvas: HTMLCanvasElement | null = null;
  const canvasFor = (): HTMLCanvasElement | null => {
    if (canvas) return canvas;
    // Between the connections and the steps, under the connections' marks (React Flow's label layer).
    const labels = root.querySelector('.react-flow__edgelabel-renderer');
    if (!labels) return null;
    canvas = document.createElement('canvas');
    canvas.className = 'live-drag-edges';
    canvas.setAttribute('aria-hidden', 'true');
    labels.prepend(canvas);
    const c = canvas;
    restore.push(() => c.remove());
    return canvas;
  };

  return {
    find(nodeId) {
      return byId(root, '.react-flow__node', nodeId) as HTMLElement | null;
    },
    move(el, transform) {
      el.style.transform = transform;
      const held = el.animate([{ transform }], { duration: Infinity, fill: 'forwards' });
      const previous = moving.get(el);
      if (previous) previous.cancel();
      else restore.push(() => moving.get(el)?.cancel());
      moving.set(el, held);
    },
    hideEdge(edgeId) {
      const group = byId(root, '.react-flow__edge', edgeId);
      const path = group?.querySelector<SVGPathElement>('path.react-flow__edge-path');
      const layer = group?.closest('svg');
      if (!group || !path || !layer) return null;
      const style = getComputedStyle(path);
      const stroke: EdgeStroke = {
        color: style.stroke,
        width: parseFloat(style.strokeWidth) || 1,
        dash:
          style.strokeDasharray === 'none'
            ? []
            : style.strokeDasharray
                .split(/[\s,]+/)
                .map(parseFloat)
                .filter(Number.isFinite),
      };
      hide(layer);
      // Its mark (a violation "!") stays with the connection's old middle otherwise.
      const tools = root.querySelector<HTMLElement>(`.wf-edge-tools[data-edge-id="${CSS.escape(edgeId)}"]`);
      if (tools) hide(tools);
      return stroke;
    },
    draw(transform, { width, height }, edges) {
      const c = canvasFor();
      const ctx = c && viewportContext(c, { width, height }, transform);
      if (!c || !ctx) return;
      const [tx, ty, zoom] = transform;
      // The canvas sits inside React Flow's viewport: undo its transform so one canvas pixel is one screen pixel.
      const undo = `scale(${1 / zoom}) translate(${-tx}px, ${-ty}px)`;
      if (c.style.transform !== undo) c.style.transform = undo;
      ctx.lineJoin = 'round';
      for (const { stroke, path } of edges) {
        ctx.strokeStyle = stroke.color;
        ctx.lineWidth = stroke.width;
        ctx.setLineDash(stroke.dash);
        ctx.stroke(new Path2D(path));
      }
    },
    remove() {
      for (const undo of restore.splice(0).reverse()) undo();
      canvas = null;
    },
  };
}
