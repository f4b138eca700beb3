// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { violation } from '../../../domain/validator/violation';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { editorStore } from './editor-store';
import { useEdgeViolations, useNodeHighlight, useNodeViolations, useSharedCanvasValue } from './keyed';
import { openInEditor } from './test-campaign';

/** How many times each probe rendered, by its label. */
let renders: Record<string, number>;
const count = (label: string) => (renders[label] = (renders[label] ?? 0) + 1);

function NodeProbe({ id }: { id: string }) {
  count(id);
  const violations = useNodeViolations(id);
  const tone = useNodeHighlight(id);
  return <p data-testid={id}>{`${violations.map((v) => v.message).join(',')}|${tone ?? ''}`}</p>;
}
function EdgeProbe({ id }: { id: string }) {
  count(id);
  return <p data-testid={id}>{useEdgeViolations(id).length}</p>;
}
function ReadOnlyProbe() {
  count('shared');
  return <p data-testid="shared">{String(useSharedCanvasValue((s) => s.readOnly))}</p>;
}

const text = (id: string) => screen.getByTestId(id).textContent;

afterEach(cleanup);

beforeEach(() => {
  openInEditor(connectionOnlyGraph());
  renders = {};
  render(
    <>
      <NodeProbe id="invite" />
      <NodeProbe id="end" />
      <EdgeProbe id="e_start_next" />
      <ReadOnlyProbe />
    </>,
  );
});

describe('per-step subscriptions', () => {
  it('re-renders only the step whose violations changed, with its new violations', () => {
    const before = { ...renders };
    act(() => editorStore.getState().setServerViolations([violation('invalid_field', 'Pick a sender', { nodeId: 'invite' })]));
    expect(text('invite')).toContain('Pick a sender');
    expect(renders.invite).toBe(before.invite! + 1);
    expect(renders.end).toBe(before.end);
    expect(renders.e_start_next).toBe(before.e_start_next);
    expect(renders.shared).toBe(before.shared);
  });

  it('a store change that touches no watched value re-renders nothing', () => {
    const before = { ...renders };
    act(() => editorStore.setState({ dragging: true }));
    expect(renders).toEqual(before);
  });

  it('re-renders the steps a highlight paints, and again when it is cleared', () => {
    const before = { ...renders };
    act(() => editorStore.getState().setHighlight({ nodeIds: ['end'], edgeIds: [], tone: 'success' }));
    expect(text('end')).toBe('|success');
    expect(renders.end).toBe(before.end! + 1);
    expect(renders.invite).toBe(before.invite);
    act(() => editorStore.getState().clearHighlight());
    expect(text('end')).toBe('|');
  });

  it('tells a connection about its own violations', () => {
    act(() => editorStore.getState().setServerViolations([violation('invalid_field', 'Broken', { edgeId: 'e_start_next' })]));
    expect(text('e_start_next')).toBe('1');
    expect(text('invite')).toBe('|');
  });

  it('tells every element when the campaign turns read-only', () => {
    act(() => editorStore.getState().setReadOnly('Launched campaigns cannot be edited'));
    expect(text('shared')).toBe('true');
  });
});
