import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import { isModKey, isTypingTarget } from '../../ui/keyboard';
import { toast } from '../../ui/toast';
import { useCanvasUi } from '../canvas/canvas-ui';
import { FIT_VIEW_OPTIONS } from '../canvas/first-view';
import { saveCampaign } from '../save/save';
import { revealSelection, visibleCentre } from '../canvas/viewport';
import { clearOffset, editorStore, parseClipboard, type ClipboardPayload, type FlowNode } from '../store';
import { readClipboard, rememberCopied, writeClipboard } from './clipboard-io';

// Keys pressed while focus is in the dock beside the editor belong to the dock's panes (j/k, Enter, Delete…).
const notForCanvas = (target: EventTarget | null): boolean =>
  isTypingTarget(target) || (target instanceof Element && target.closest('.dock') !== null);

const modalOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/**
 * Editor shortcuts. None fires while focus is in a text field (isTypingTarget) or a dialog is open —
 * except Ctrl/Cmd+S, which has no meaning in a text field and would otherwise open the browser's
 * "Save page" dialog. Copy/paste use the browser's copy/paste events (no permission prompt), with
 * the async clipboard API / in-memory clipboard as a fallback when those events do not come.
 */
export function useEditorShortcuts(): void {
  const rf = useReactFlow<FlowNode>();
  useEffect(() => {
    let copyHandled = false;
    let pasteHandled = false;

    const pastePayload = (payload: ClipboardPayload | null) => {
      const s = editorStore.getState();
      if (s.readOnly) return;
      if (!payload) return toast.info('The clipboard holds no campaign steps.');
      const sameCampaign = payload.nodes.every((n) => s.nodes.some((m) => m.id === n.id));
      // Beside the copied steps; from another campaign, near the middle of the view. Never on a step, always in view.
      if (sameCampaign) s.paste(payload);
      else s.paste(payload, clearOffset(s.nodes, payload, visibleCentre(rf)));
      requestAnimationFrame(() => revealSelection(rf));
    };

    const copyText = (): string | null => {
      const payload = editorStore.getState().copy();
      return payload ? JSON.stringify(payload) : null;
    };

    const onCopy = (e: ClipboardEvent) => {
      if (notForCanvas(e.target) || modalOpen() || window.getSelection()?.toString()) return;
      const text = copyText();
      if (!text) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', text);
      rememberCopied(text);
      copyHandled = true;
      if (e.type === 'cut') editorStore.getState().deleteSelection();
    };

    const onPaste = (e: ClipboardEvent) => {
      if (notForCanvas(e.target) || modalOpen()) return;
      const payload = parseClipboard(e.clipboardData?.getData('text/plain') ?? '');
      pasteHandled = true;
      e.preventDefault();
      if (payload) pastePayload(payload);
      else void readClipboard().then(pastePayload);
    };

    const onKeyDown = (e: KeyboardEvent) => {
      const mod = isModKey(e);
      const key = e.key.toLowerCase();
      if (mod && key === 's') {
        e.preventDefault();
        if (!modalOpen()) void saveCampaign();
        return;
      }
      if (notForCanvas(e.target) || modalOpen() || e.defaultPrevented) return;
      const s = editorStore.getState();
      if (mod && key === 'z') return (e.preventDefault(), e.shiftKey ? s.redo() : s.undo());
      if (mod && key === 'y') return (e.preventDefault(), s.redo());
      if (mod && key === 'd') return (e.preventDefault(), s.duplicate(), requestAnimationFrame(() => revealSelection(rf)));
      if (mod && key === 'a') return (e.preventDefault(), s.selectAll());
      if (mod && key === 'k') return (e.preventDefault(), useCanvasUi.getState().setFinderOpen(true));
      if (mod && (key === 'c' || key === 'x')) {
        copyHandled = false;
        // When the browser does not fire a copy event (no editable focus), copy through the async API.
        setTimeout(() => {
          if (copyHandled) return;
          const text = copyText();
          if (!text) return;
          void writeClipboard(text);
          if (key === 'x') editorStore.getState().deleteSelection();
        }, 0);
        return;
      }
      if (mod && key === 'v') {
        pasteHandled = false;
        setTimeout(() => {
          if (!pasteHandled) void readClipboard().then(pastePayload);
        }, 30);
        return;
      }
      if (mod || e.altKey) return;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        if (s.selection.nodeIds.length + s.selection.edgeIds.length === 0) return;
        e.preventDefault();
        return s.deleteSelection();
      }
      if (key === 'f') return (e.preventDefault(), void rf.fitView({ ...FIT_VIEW_OPTIONS, duration: 200 }));
      if (e.key === 'Escape') {
        useCanvasUi.getState().openInsertMenu(null);
        s.select({});
      }
    };

    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [rf]);
}
