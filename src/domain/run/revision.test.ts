import { describe, expect, it } from 'vitest';
import { edge, node } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import type { RunProspect } from './prospect';
import { passOutput, revisionChanges, textVersions, waitFrom, type RunHistory } from './revision';
import { advance, runGraph } from './walker';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T08:00:00Z');

const launched = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('visit', 'profile_visit'),
    node('invite', 'connection_request', { message_template: 'Hi {{firstName}}' }),
    node('thanks', 'message', { message_template: 'Thanks!', reply_wait_days: 2 }),
    node('end', 'end'),
  ],
  edges: [
    edge('start', 'visit'),
    edge('visit', 'invite'),
    edge('invite', 'thanks', 'accepted'),
    edge('invite', 'end', 'no_response'),
    edge('thanks', 'end', 'replied'),
    edge('thanks', 'end', 'no_reply'),
  ],
});

const prospect = { firstName: 'Ada', customFields: {} } as unknown as RunProspect;

describe('revisionChanges (contract 10.4)', () => {
  it('names removed, added, retyped, reworded and re-timed steps by id', () => {
    const before = launched();
    const after = launched();
    after.nodes = after.nodes.filter((n) => n.id !== 'visit');
    after.edges = [edge('start', 'invite'), ...after.edges.filter((e) => e.source !== 'start' && e.source !== 'visit')];
    after.nodes.find((n) => n.id === 'thanks')!.data.message_template = 'Thank you!';
    after.nodes.find((n) => n.id === 'thanks')!.data.reply_wait_days = 5;
    after.nodes.push(node('invite_2', 'profile_visit'));
    const changes = revisionChanges(before, after);
    expect(changes).toMatchObject({ removed: ['visit'], added: ['invite_2'], changedText: ['thanks'], changedWait: ['thanks'] });
    const retyped = launched();
    retyped.nodes.find((n) => n.id === 'visit')!.type = 'like_post';
    expect(revisionChanges(before, retyped)).toMatchObject({ removed: ['visit'], added: ['visit'] });
  });

  it('keeps the version a step’s text dates from while its text is unchanged', () => {
    const before = launched();
    const first = textVersions(before, 1);
    const after = launched();
    after.nodes.find((n) => n.id === 'thanks')!.data.message_template = 'Thank you!';
    expect(textVersions(after, 2, { graph: before, versions: first })).toMatchObject({ invite: 1, thanks: 2 });
  });
});

describe('waits and passing after a revision', () => {
  it('counts a wait from when it began, on the step as it is now', () => {
    const thanks = { id: 'thanks', type: 'message', data: { message_template: 'x', reply_wait_days: 5 } };
    expect(waitFrom(thanks, T0, { prospect, zone: 'UTC' })).toMatchObject({ until: T0 + 5 * DAY, timeoutHandle: 'no_reply' });
    expect(waitFrom({ id: 'v', type: 'profile_visit', data: {} }, T0, { prospect, zone: 'UTC' })).toBeUndefined();
  });

  it('passes a step with the output it took before, else its no-answer output', () => {
    const invite = { id: 'invite', type: 'connection_request', data: {} };
    expect(passOutput(invite, 'accepted')).toBe('accepted');
    expect(passOutput(invite, null)).toBe('no_response');
    expect(passOutput({ id: 'v', type: 'profile_visit', data: {} }, null)).toBeNull();
  });

  it('the walker passes a step the timeline holds, and a text already sent under another step', () => {
    const graph = runGraph(launched())!;
    const history: RunHistory = {
      step: (id) => (id === 'invite' ? { handle: 'accepted' } : undefined),
      text: (text) => (text === 'Thanks!' ? { handle: null } : undefined),
    };
    const moved = advance(
      graph,
      { nodeId: 'invite', arrivedBy: null, replied: false },
      { kind: 'enter' },
      { prospect, now: T0, zone: 'UTC', history },
    );
    expect(moved.passed).toEqual([
      { nodeId: 'invite', type: 'connection_request', handle: 'accepted', skipped: true },
      { nodeId: 'thanks', type: 'message', handle: 'no_reply', skipped: true },
    ]);
    expect(moved.position.nodeId).toBe('end');
    const fresh = advance(
      graph,
      { nodeId: 'invite', arrivedBy: null, replied: false },
      { kind: 'enter' },
      { prospect, now: T0, zone: 'UTC' },
    );
    expect(fresh.decision.kind).toBe('act');
  });

  it('the walker passes a wait the timeline holds: a prospect moved back before a delay it had does not wait it again', () => {
    const graph = runGraph({
      nodes: [node('start', 'start'), node('pause', 'delay', { delay_amount: 2, delay_type: 'hours' }), node('end', 'end')],
      edges: [edge('start', 'pause'), edge('pause', 'end')],
    })!;
    const history: RunHistory = { step: (id) => (id === 'pause' ? { handle: null } : undefined), text: () => undefined };
    const at = { nodeId: 'pause', arrivedBy: null, replied: false };
    const moved = advance(graph, at, { kind: 'enter' }, { prospect, now: T0, zone: 'UTC', history });
    expect(moved.passed).toEqual([{ nodeId: 'pause', type: 'delay', handle: null, skipped: true }]);
    expect(moved.position.nodeId).toBe('end');
    expect(advance(graph, at, { kind: 'enter' }, { prospect, now: T0, zone: 'UTC' }).decision.kind).toBe('wait');
  });
});
