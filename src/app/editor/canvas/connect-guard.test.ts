import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import type { CampaignStatus, WorkflowDefinition } from '../../../domain';
import { connectionOnlyGraph, node } from '../../../domain/testing/fixtures';
import { editorStore } from '../store';
import { isValidConnection, refusalReason, verdictFor } from './connect-guard';

const open = (def: WorkflowDefinition, status: CampaignStatus = 'draft') =>
  editorStore.getState().open({
    campaignId: 'c1',
    workspaceId: 'w1',
    name: 'Test',
    status,
    editingMode: 'easy',
    senderAccountIds: [],
    schedule: DEFAULT_SCHEDULE,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    workflow_definition: def,
  });

const withLooseDelay = (): WorkflowDefinition => {
  const def = connectionOnlyGraph();
  def.nodes.push(node('wait', 'delay'));
  return def;
};

type EndState = Parameters<typeof refusalReason>[0];
const attempt = (
  from: { node: string; handle: string | null; type: 'source' | 'target' },
  to: { node: string; handle: string | null; type: 'source' | 'target' },
  overrides: Record<string, unknown> = {},
) =>
  ({
    isValid: false,
    fromNode: { id: from.node },
    fromHandle: { id: from.handle, type: from.type },
    toNode: { id: to.node },
    toHandle: { id: to.handle, type: to.type },
    ...overrides,
  }) as unknown as EndState;

beforeEach(() => open(withLooseDelay()));

describe('isValidConnection', () => {
  it('asks the domain guard about the current canvas', () => {
    expect(isValidConnection({ source: 'wait', sourceHandle: null, target: 'end', targetHandle: null })).toBe(true);
    expect(isValidConnection({ source: 'end', sourceHandle: null, target: 'wait', targetHandle: null })).toBe(false);
  });

  it('refuses everything on a read-only campaign', () => {
    open(withLooseDelay(), 'active');
    expect(isValidConnection({ source: 'wait', sourceHandle: null, target: 'end', targetHandle: null })).toBe(false);
  });
});

describe('refusalReason', () => {
  it('says nothing when the attempt was allowed or ended nowhere', () => {
    expect(
      refusalReason(
        attempt({ node: 'wait', handle: null, type: 'source' }, { node: 'end', handle: null, type: 'target' }, { isValid: true }),
      ),
    ).toBeNull();
    expect(
      refusalReason(
        attempt({ node: 'wait', handle: null, type: 'source' }, { node: 'end', handle: null, type: 'target' }, { toNode: null }),
      ),
    ).toBeNull();
  });

  it('gives the guard’s reason, whichever end the drag started from', () => {
    const expected = verdictFor('end', null, 'wait');
    expect(expected.ok).toBe(false);
    const reason = !expected.ok ? expected.reason : '';
    expect(refusalReason(attempt({ node: 'end', handle: null, type: 'source' }, { node: 'wait', handle: null, type: 'target' }))).toBe(
      reason,
    );
    expect(refusalReason(attempt({ node: 'wait', handle: null, type: 'target' }, { node: 'end', handle: null, type: 'source' }))).toBe(
      reason,
    );
  });

  it('explains that an input connects to an output', () => {
    expect(refusalReason(attempt({ node: 'wait', handle: null, type: 'target' }, { node: 'end', handle: null, type: 'target' }))).toBe(
      'Connect an output (bottom) to an input (top).',
    );
  });
});
