import { describe, expect, it } from 'vitest';
import type { CampaignRun } from '../../domain/contract/runs';
import { edgeFlow, flowWidth, removedSenderNotice, stepOf, waitingSentences, waitingWords } from './run-view';

const RUN = {
  enrollments: { total: 10 },
  steps: [
    { nodeId: 'start', entered: 9, waiting: 0, done: 9, failed: 0, handles: {} },
    { nodeId: 'invite', entered: 9, waiting: 3, done: 6, failed: 1, handles: { accepted: 2, no_response: 4 } },
  ],
} as unknown as CampaignRun;

describe('a run view connection’s flow', () => {
  it('is the step’s prospects that left through that output, or everyone done there for a single output', () => {
    expect(edgeFlow(RUN, 'invite', 'accepted')).toBe(2);
    expect(edgeFlow(RUN, 'invite', 'no_response')).toBe(4);
    expect(edgeFlow(RUN, 'start', null)).toBe(9);
    expect(edgeFlow(RUN, 'invite', 'replied')).toBe(0);
    expect(edgeFlow(RUN, 'nowhere', null)).toBe(0);
  });

  it('draws thicker with more of the audience, from 1.5 px to 6 px', () => {
    expect(flowWidth(0, 10)).toBe(1.5);
    expect(flowWidth(5, 10)).toBe(3.75);
    expect(flowWidth(10, 10)).toBe(6);
    expect(flowWidth(20, 10)).toBe(6);
    expect(flowWidth(0, 0)).toBe(1.5);
  });
});

describe('a step’s counts in the run body', () => {
  it('are found by the step, and a new body (run.progress) is read afresh', () => {
    expect(stepOf(RUN, 'invite')?.waiting).toBe(3);
    expect(stepOf(RUN, 'nowhere')).toBeUndefined();
    const moved = { ...RUN, steps: [{ ...RUN.steps[1]!, waiting: 2 }] };
    expect(stepOf(moved, 'invite')?.waiting).toBe(2);
    expect(stepOf(moved, 'start')).toBeUndefined();
    expect(stepOf(RUN, 'invite')?.waiting).toBe(3);
  });
});

describe('why prospects are not moving (contract 10.2), in words', () => {
  it('counts each reason at a step in the contract’s order', () => {
    expect(waitingSentences({ waitingReasons: { spacing: 2, daily_limit: 41, executor: 0 } })).toEqual([
      '41 waiting: daily limit reached',
      '2 waiting: the sender’s pace (actions are spaced out)',
    ]);
    expect(waitingSentences({ waitingReasons: {} })).toEqual([]);
  });

  it('says one prospect’s wait and when the run looks at it next', () => {
    const now = Date.parse('2026-03-06T12:00:00Z');
    const words = waitingWords({ waitingReason: 'daily_limit', nextStepAt: '2026-03-09T09:00:00Z' }, now);
    expect(words).toMatch(/^Waiting: daily limit reached — next at \d\d:\d\d Mon$/);
    expect(waitingWords({ waitingReason: 'sender_removed', nextStepAt: null }, now)).toBe(
      'Waiting: its sender was removed from the campaign',
    );
    expect(waitingWords({ waitingReason: null, nextStepAt: null }, now)).toBeNull();
    // No ids or snake_case reach the user.
    expect(words).not.toMatch(/_/);
  });
});

describe('the removed-sender notice (contract 10.2)', () => {
  it('counts the held prospects over every step, and is absent when none', () => {
    const steps = [
      { waitingReasons: { sender_removed: 2, spacing: 1 } },
      { waitingReasons: { sender_removed: 1 } },
    ] as unknown as CampaignRun['steps'];
    expect(removedSenderNotice({ steps })).toMatch(/^3 prospects wait because their sender was removed from this campaign/);
    expect(removedSenderNotice({ steps: [{ waitingReasons: {} }] as unknown as CampaignRun['steps'] })).toBeNull();
  });
});
