/**
 * A 2D canvas laid over the steps (the pending steps, a drag's connections), ready to draw in flow
 * coordinates: its backing store sized to `size` at the screen's pixel density (HiDPI: one canvas
 * pixel per device pixel, resized only when that changes), cleared, and React Flow's viewport
 * [x, y, zoom] set as its transform. Null when the canvas has no 2D context.
 */
export function viewportContext(
  canvas: HTMLCanvasElement,
  size: { width: number; height: number },
  [tx, ty, zoom]: readonly [number, number, number],
): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size.width * dpr) || canvas.height !== Math.round(size.height * dpr)) {
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(zoom * dpr, 0, 0, zoom * dpr, tx * dpr, ty * dpr);
  return ctx;
}
