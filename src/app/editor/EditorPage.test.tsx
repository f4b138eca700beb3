// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { readDraft } from './save/drafts';
import { editorStore, useEditorStore } from './store';
import { testCampaign } from './store/test-campaign';

// The campaign as read from the server, and an editor that fails to draw once the graph has an unsaved change.
vi.mock('../api/campaigns', () => ({
  useCampaign: () => ({ data: testCampaign(connectionOnlyGraph()), isFetching: false, error: null, refetch: vi.fn() }),
}));
vi.mock('./EditorLayout', () => ({
  EditorLayout: () => {
    if (useEditorStore((s) => s.dirty)) throw new Error('the canvas failed');
    return <p>Canvas</p>;
  },
}));

const { default: EditorPage } = await import('./EditorPage');

beforeEach(() => {
  localStorage.clear();
  window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the editor page when the editor fails to draw', () => {
  it('keeps the unsaved work as a draft and shows a way back instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<EditorPage campaignId="c1" />);
    expect(await screen.findByText('Canvas')).toBeTruthy();
    expect(readDraft('c1')).toBeNull();

    act(() => editorStore.getState().addNode('delay', { x: 400, y: 400 }));

    expect(screen.getByRole('heading', { name: 'The editor stopped working' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to campaigns' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Open the campaign again' })).toBeTruthy();
    // The draft is written at once (not after the autosave's delay), with the change in it.
    const draft = readDraft('c1');
    expect(draft?.definition.nodes.map((n) => n.type)).toContain('delay');
    expect(draft?.definition).toEqual(editorStore.getState().getDefinition());
  });
});
