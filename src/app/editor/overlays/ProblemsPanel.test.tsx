// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { edge, node } from '../../../domain/testing/fixtures';
import { useCanvasUi } from '../canvas/canvas-ui';
import { editorStore } from '../store';
import { openInEditor } from '../store/test-campaign';
import { ProblemsPanel } from './ProblemsPanel';
import { polyfillResizeObserver } from '../../ui/testing';

/** Start → Message ("Hi {{FirstName}}"), its Replied output to End, its No reply output unconnected. */
const graph = () => ({
  nodes: [
    node('start', 'start'),
    node('thanks', 'message', { message_template: 'Hi {{FirstName}}, thanks!', reply_wait_days: 3 }, { x: 0, y: 200 }),
    node('end', 'end', {}, { x: -200, y: 400 }),
  ],
  edges: [edge('start', 'thanks'), edge('thanks', 'end', 'replied')],
});

const problems = () => screen.getByRole('region', { name: 'Problems' });

polyfillResizeObserver();

afterEach(() => {
  cleanup();
  act(() => useCanvasUi.getState().setProblemsOpen(false));
});

describe('the Problems list’s one-click fixes', () => {
  it('“Add End here” ends an output that leads nowhere, under it, in one undo step', async () => {
    openInEditor(graph());
    act(() => useCanvasUi.getState().setProblemsOpen(true));
    render(<ProblemsPanel />);
    await userEvent.click(within(problems()).getByRole('button', { name: 'Add End here' }));
    const s = editorStore.getState();
    const added = s.edges.find((e) => e.source === 'thanks' && e.sourceHandle === 'no_reply');
    expect(s.nodes.find((n) => n.id === added?.target)?.type).toBe('end');
    expect(within(problems()).queryByRole('button', { name: 'Add End here' })).toBeNull();
    act(() => editorStore.getState().undo());
    expect(editorStore.getState().edges.some((e) => e.sourceHandle === 'no_reply')).toBe(false);
  });

  it('“Use {{firstName}}” writes a placeholder in the wrong case as the one it means', async () => {
    openInEditor(graph());
    act(() => useCanvasUi.getState().setProblemsOpen(true));
    render(<ProblemsPanel />);
    await userEvent.click(within(problems()).getByRole('button', { name: 'Use {{firstName}}' }));
    expect(editorStore.getState().nodes.find((n) => n.id === 'thanks')?.data.message_template).toBe('Hi {{firstName}}, thanks!');
    expect(within(problems()).queryByRole('button', { name: 'Use {{firstName}}' })).toBeNull();
  });

  it('tells the page it is open and how tall it is, so the toasts stand above it; closed, it says nothing', () => {
    openInEditor(graph());
    act(() => useCanvasUi.getState().setProblemsOpen(true));
    render(<ProblemsPanel />);
    expect(document.documentElement.style.getPropertyValue('--toasts-bottom')).toMatch(/^\d+px$/);
    act(() => useCanvasUi.getState().setProblemsOpen(false));
    expect(document.documentElement.style.getPropertyValue('--toasts-bottom')).toBe('');
  });

  it('offers no fix on a read-only campaign', () => {
    openInEditor(graph(), { status: 'active' });
    act(() => useCanvasUi.getState().setProblemsOpen(true));
    render(<ProblemsPanel />);
    expect(within(problems()).queryByRole('button', { name: 'Add End here' })).toBeNull();
  });
});
