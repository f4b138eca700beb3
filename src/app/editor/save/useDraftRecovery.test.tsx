// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowDefinition } from '../../../domain';
import { connectionOnlyGraph, node } from '../../../domain/testing/fixtures';
import { editorStore } from '../store';
import { openInEditor } from '../store/test-campaign';
import { readDraft, writeDraft } from './drafts';
import { keepDraftNow, useDraftAutosave, useDraftOffer } from './useDraftRecovery';

const CAMPAIGN = 'c1';
const SAVED_AT = '2026-01-01T00:00:00.000Z';

/** The saved graph with one more step: unsaved work. */
function edited(): WorkflowDefinition {
  const def = connectionOnlyGraph();
  def.nodes.push(node('extra', 'end', {}, { x: 400, y: 400 }));
  return def;
}
const stepIds = () => editorStore.getState().nodes.map((n) => n.id);

beforeEach(() => {
  localStorage.clear();
  openInEditor(connectionOnlyGraph(), { campaignId: CAMPAIGN, updated_at: SAVED_AT });
});
afterEach(() => vi.useRealTimers());

describe('draft offer after a reload', () => {
  it('offers nothing when no draft is stored', () => {
    const { result } = renderHook(() => useDraftOffer(CAMPAIGN));
    act(() => result.current.check(connectionOnlyGraph()));
    expect(result.current.offer).toBeNull();
  });

  it('forgets, without offering, a draft equal to the saved graph', () => {
    writeDraft(CAMPAIGN, { definition: connectionOnlyGraph(), baseUpdatedAt: SAVED_AT, savedAt: SAVED_AT });
    const { result } = renderHook(() => useDraftOffer(CAMPAIGN));
    act(() => result.current.check(connectionOnlyGraph()));
    expect(result.current.offer).toBeNull();
    expect(readDraft(CAMPAIGN)).toBeNull();
  });

  it('offers a draft that differs; restoring puts it on the canvas as unsaved, undoable work', () => {
    writeDraft(CAMPAIGN, { definition: edited(), baseUpdatedAt: SAVED_AT, savedAt: SAVED_AT });
    const { result } = renderHook(() => useDraftOffer(CAMPAIGN));
    act(() => result.current.check(connectionOnlyGraph()));
    expect(result.current.offer?.definition).toEqual(edited());
    act(() => result.current.restore());
    expect(result.current.offer).toBeNull();
    expect(stepIds()).toContain('extra');
    expect(editorStore.getState()).toMatchObject({ dirty: true, baseUpdatedAt: SAVED_AT });
    act(() => editorStore.getState().undo());
    expect(stepIds()).not.toContain('extra');
  });

  it('restores a draft based on an older save against that older save, so saving it merges', () => {
    const older = '2025-12-31T00:00:00.000Z';
    writeDraft(CAMPAIGN, { definition: edited(), baseUpdatedAt: older, savedAt: SAVED_AT });
    const { result } = renderHook(() => useDraftOffer(CAMPAIGN));
    act(() => result.current.check(connectionOnlyGraph()));
    act(() => result.current.restore());
    expect(editorStore.getState()).toMatchObject({ baseUpdatedAt: older, baseDefinition: null });
  });

  it('discarding forgets the draft and leaves the saved graph', () => {
    writeDraft(CAMPAIGN, { definition: edited(), baseUpdatedAt: SAVED_AT, savedAt: SAVED_AT });
    const { result } = renderHook(() => useDraftOffer(CAMPAIGN));
    act(() => result.current.check(connectionOnlyGraph()));
    act(() => result.current.discard());
    expect(result.current.offer).toBeNull();
    expect(readDraft(CAMPAIGN)).toBeNull();
    expect(stepIds()).not.toContain('extra');
  });
});

describe('keeping the draft', () => {
  it('stores unsaved work shortly after an edit, and forgets it once nothing is unsaved', () => {
    vi.useFakeTimers();
    renderHook(() => useDraftAutosave(CAMPAIGN));
    act(() => editorStore.getState().loadDefinition(edited(), { label: 'Edit', markDirty: true }));
    expect(readDraft(CAMPAIGN)).toBeNull();
    act(() => void vi.runAllTimers());
    expect(readDraft(CAMPAIGN)?.definition).toEqual(edited());
    act(() => editorStore.getState().undo());
    act(() => void vi.runAllTimers());
    expect(editorStore.getState().dirty).toBe(false);
    expect(readDraft(CAMPAIGN)).toBeNull();
  });

  it('stores at once when the page is closed, and asks the browser to warn', () => {
    renderHook(() => useDraftAutosave(CAMPAIGN));
    act(() => editorStore.getState().loadDefinition(edited(), { label: 'Edit', markDirty: true }));
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(readDraft(CAMPAIGN)?.baseUpdatedAt).toBe(SAVED_AT);
  });

  it('writes nothing for another campaign than the open one', () => {
    act(() => editorStore.getState().loadDefinition(edited(), { label: 'Edit', markDirty: true }));
    keepDraftNow('another');
    expect(readDraft('another')).toBeNull();
  });
});
