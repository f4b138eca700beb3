// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { useCanvasUi } from '../canvas/canvas-ui';
import { saveCampaign } from '../save/save';
import { editorStore } from '../store';
import { openInEditor } from '../store/test-campaign';
import { useEditorShortcuts } from './useEditorShortcuts';

const fitView = vi.fn();
vi.mock('@xyflow/react', () => ({ useReactFlow: () => ({ fitView, screenToFlowPosition: (p: unknown) => p }) }));
vi.mock('../save/save', () => ({ saveCampaign: vi.fn(async () => true) }));

function Editor() {
  useEditorShortcuts();
  return (
    <>
      <input aria-label="name" />
      <input aria-label="done" type="checkbox" />
      <textarea aria-label="message" />
      <div aria-label="note" contentEditable suppressContentEditableWarning />
      <div className="dock">
        <button>In the dock</button>
      </div>
      <button>On the canvas</button>
    </>
  );
}

/** Presses a key with focus on `target` (the page body when none); true when the editor took it. */
function press(key: string, options: KeyboardEventInit = {}, target: Element = document.body): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
const byLabel = (label: string) => document.querySelector(`[aria-label="${label}"]`)!;
const stepIds = () => editorStore.getState().nodes.map((n) => n.id);
const selected = () => editorStore.getState().selection.nodeIds;

beforeEach(() => {
  openInEditor(connectionOnlyGraph());
  render(<Editor />);
  // jsdom does not compute isContentEditable; a browser says true for this element.
  Object.defineProperty(byLabel('note'), 'isContentEditable', { value: true });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('editor shortcuts', () => {
  it('Delete removes the selected step, Mod+Z brings it back, Mod+Shift+Z and Mod+Y remove it again', () => {
    editorStore.getState().select({ nodeId: 'invite' });
    expect(press('Delete')).toBe(true);
    expect(stepIds()).not.toContain('invite');
    press('z', { ctrlKey: true });
    expect(stepIds()).toContain('invite');
    press('z', { metaKey: true, shiftKey: true });
    expect(stepIds()).not.toContain('invite');
    press('z', { ctrlKey: true });
    press('y', { ctrlKey: true });
    expect(stepIds()).not.toContain('invite');
  });

  it('Delete with nothing selected leaves the key to the browser', () => {
    expect(press('Backspace')).toBe(false);
    expect(stepIds()).toContain('invite');
  });

  it('Mod+A selects every step and Escape clears the selection', () => {
    press('a', { ctrlKey: true });
    expect(selected()).toEqual(expect.arrayContaining(stepIds()));
    press('Escape');
    expect(selected()).toEqual([]);
  });

  it('Mod+D duplicates the selection, Mod+K opens the step finder, F fits the view', () => {
    editorStore.getState().select({ nodeId: 'invite' });
    const before = stepIds().length;
    press('d', { ctrlKey: true });
    expect(stepIds()).toHaveLength(before + 1);
    press('k', { metaKey: true });
    expect(useCanvasUi.getState().finderOpen).toBe(true);
    press('f');
    expect(fitView).toHaveBeenCalledTimes(1);
  });

  // The palette's search box is an <input> like `name` (e2e/editor-keyboard.spec.ts tested both in a browser before).
  it.each(['name', 'message', 'note'])('never fires while typing in the %s field', (label) => {
    editorStore.getState().select({ nodeId: 'invite' });
    const field = byLabel(label);
    expect(press('Delete', {}, field)).toBe(false);
    expect(press('Backspace', {}, field)).toBe(false);
    press('z', { ctrlKey: true }, field);
    press('a', { ctrlKey: true }, field);
    press('d', { ctrlKey: true }, field);
    press('f', {}, field);
    expect(stepIds()).toEqual(['start', 'invite', 'end']);
    expect(selected()).toEqual(['invite']);
    expect(fitView).not.toHaveBeenCalled();
  });

  it('fires on a checkbox (not a text field) but not for keys meant for the dock', () => {
    editorStore.getState().select({ nodeId: 'invite' });
    expect(press('Delete', {}, byLabel('done'))).toBe(true);
    expect(stepIds()).not.toContain('invite');
    press('z', { ctrlKey: true });
    editorStore.getState().select({ nodeId: 'invite' });
    expect(press('Delete', {}, document.querySelector('.dock button')!)).toBe(false);
    expect(stepIds()).toContain('invite');
  });

  it('Mod+S saves even from a text field (instead of the browser’s "Save page"), but not while a dialog is open', () => {
    expect(press('s', { ctrlKey: true }, byLabel('message'))).toBe(true);
    expect(saveCampaign).toHaveBeenCalledTimes(1);
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    expect(press('s', { ctrlKey: true })).toBe(true);
    editorStore.getState().select({ nodeId: 'invite' });
    press('Delete');
    dialog.remove();
    expect(saveCampaign).toHaveBeenCalledTimes(1);
    expect(stepIds()).toContain('invite');
  });

  it('does nothing to a read-only campaign', () => {
    openInEditor(connectionOnlyGraph(), { status: 'active' });
    editorStore.getState().select({ nodeId: 'invite' });
    press('Delete');
    press('d', { ctrlKey: true });
    expect(stepIds()).toEqual(['start', 'invite', 'end']);
  });
});
