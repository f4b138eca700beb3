// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findTemplate } from '../../../domain/paths';
import { delayWithoutDurationGraph, inmailFallbackGraph } from '../../../domain/testing/fixtures';
import { useCanvasUi } from '../canvas/canvas-ui';
import { ProblemsPanel } from '../overlays/ProblemsPanel';
import { editorStore } from '../store';
import { openInEditor } from '../store/test-campaign';
import { polyfillResizeObserver } from '../../ui/testing';
import { Inspector } from './Inspector';

// The Problems list watches its own size (the toasts stand above it).
polyfillResizeObserver();
afterEach(cleanup);

const subject = () => screen.getByLabelText('Subject') as HTMLInputElement;
const openOnly = () => screen.getByLabelText('Only open profiles (free InMail)') as HTMLInputElement;

describe('the step form and undo', () => {
  // Was e2e/editor-undo-fields.spec.ts; Ctrl+Z reaching undo is useEditorShortcuts.test.tsx's.
  it('a checkbox then a text field, quickly: undo takes back only the text, a second undo the checkbox', async () => {
    openInEditor(inmailFallbackGraph());
    render(<Inspector nodeId="inmail" />);
    const before = subject().value;
    expect(openOnly().checked).toBe(true);

    const user = userEvent.setup();
    await user.click(openOnly());
    await user.type(subject(), ' hi');
    expect(subject().value).toBe(`${before} hi`);

    act(() => editorStore.getState().undo());
    expect(subject().value).toBe(before);
    expect(openOnly().checked).toBe(false);

    act(() => editorStore.getState().undo());
    expect(openOnly().checked).toBe(true);
    expect(subject().value).toBe(before);
  });
});

/** What the step's badge on the canvas draws (WorkflowNode reads the same slice of the store). */
const badgeProblems = (nodeId: string) => editorStore.getState().validation.byNode.get(nodeId) ?? [];
const problemsPanel = () => document.getElementById('problems-panel')!;

function renderStepAndProblems(nodeId: string) {
  useCanvasUi.getState().setProblemsOpen(true);
  render(
    <>
      <ProblemsPanel />
      <Inspector nodeId={nodeId} />
    </>,
  );
}

// Was e2e/launch-blockers.spec.ts with power/LaunchReview.test.tsx (the review); the rules are domain/validator/readiness.test.ts's.
describe('launch-blocking problems on the step and in Problems', () => {
  it('{{Company}} typed in a message: its fix under the field, on the step’s badge and in Problems', async () => {
    openInEditor(findTemplate('connection-only')!.build());
    renderStepAndProblems('connection_request');
    const message = within(screen.getByRole('region', { name: 'Connection request' })).getByLabelText('Message');
    await userEvent.setup().type(message, ' at {{{{Company}}');
    const problem = /has a placeholder in the wrong case, which prospects would get as written: \{\{Company\}\} → \{\{company\}\}/;
    expect(within(screen.getByRole('region', { name: 'Connection request' })).getByText(problem)).toBeTruthy();
    expect(badgeProblems('connection_request')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(problem) }),
    ]);
    expect(within(problemsPanel()).getByText(problem)).toBeTruthy();
  });

  it('a Delay without a duration: on the step and in Problems, and a duration clears both', async () => {
    openInEditor(delayWithoutDurationGraph());
    renderStepAndProblems('wait');
    const problem = 'Delay has no duration: set how long it waits';
    expect(badgeProblems('wait')).toEqual([expect.objectContaining({ severity: 'warning', message: problem })]);
    expect(within(problemsPanel()).getByText(problem)).toBeTruthy();
    await userEvent.setup().type(within(screen.getByRole('region', { name: 'Delay' })).getByLabelText('Amount'), '2');
    expect(badgeProblems('wait')).toEqual([]);
    expect(within(problemsPanel()).queryByText(problem)).toBeNull();
  });
});
