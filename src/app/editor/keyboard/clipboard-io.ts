import { parseClipboard, type ClipboardPayload } from '../store';

/**
 * The system clipboard when the browser gives it to us (copy/paste events, or the async API), and an
 * in-memory one otherwise — so copy/paste between campaigns works in any browser tab setup.
 */
let memory: string | null = null;

export function rememberCopied(text: string): void {
  memory = text;
}

export async function writeClipboard(text: string): Promise<void> {
  memory = text;
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // No permission or insecure context: the in-memory copy serves this tab.
  }
}

/** Reads steps from the async clipboard API, falling back to the in-memory copy when it is unavailable. */
export async function readClipboard(): Promise<ClipboardPayload | null> {
  try {
    if (navigator.clipboard?.readText) {
      const fromSystem = parseClipboard(await navigator.clipboard.readText());
      if (fromSystem) return fromSystem;
    }
  } catch {
    // Permission refused or API missing.
  }
  return memory ? parseClipboard(memory) : null;
}
