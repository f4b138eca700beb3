/**
 * Runs `task` once the page is idle (after a frame's worth of time where the browser has no idle
 * callbacks); returns how to cancel it. For work that must not delay what is being drawn.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 16);
  return () => window.clearTimeout(handle);
}
