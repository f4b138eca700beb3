import { describe, expect, it } from 'vitest';
import {
  connectionOnlyGraph,
  edge,
  emailPushFallbackGraph,
  followUpChain,
  inmailFallbackGraph,
  node,
  scoredFollowUpGraph,
} from '../testing/fixtures';
import { summarizePaths } from './summary';
import { findTemplate } from './templates';

const texts = (def: unknown) => summarizePaths(def).paths.map((p) => p.text);

describe('summarizePaths on the routing patterns of spec 3.3', () => {
  it('connection-only: two paths, both to end', () => {
    const s = summarizePaths(connectionOnlyGraph());
    expect(s.total).toBe(2);
    expect(s.more).toBeUndefined();
    expect(s.paths.map((p) => p.text)).toEqual([
      'Invite with a note “Hi {{firstName}}, I enjoyed your re…” → if accepted: end',
      'Invite with a note “Hi {{firstName}}, I enjoyed your re…” → if no response in 14 days: end',
    ]);
    expect(s.paths.map((p) => [p.sends, p.days, p.ending])).toEqual([
      [1, 0, 'end'],
      [1, 14, 'end'],
    ]);
    expect(s.paths[1]!.hops).toStrictEqual([
      { nodeId: 'start', edgeId: 'e_start_next' },
      { nodeId: 'invite', handle: 'no_response', edgeId: 'e_invite_no_response' },
      { nodeId: 'end' },
    ]);
  });

  it('scoring, message, follow-up and withdrawal', () => {
    expect(texts(findTemplate('scored-follow-up')!.build())).toEqual([
      'If the ICP score is ≥ 70: invite with a note “Hi {{firstName}}, I came across you…” → if accepted: message “Thanks for connecting, {{firstName}…” → if they reply: end',
      'If the ICP score is ≥ 70: invite with a note “Hi {{firstName}}, I came across you…” → if accepted: message “Thanks for connecting, {{firstName}…” → if no reply in 3 days: message “Hi {{firstName}}, just bumping this…” → if they reply: end',
      'If the ICP score is ≥ 70: invite with a note “Hi {{firstName}}, I came across you…” → if accepted: message “Thanks for connecting, {{firstName}…” → if no reply in 3 days: message “Hi {{firstName}}, just bumping this…” → if no reply in 5 days: end',
      'If the ICP score is ≥ 70: invite with a note “Hi {{firstName}}, I came across you…” → if no response in 14 days: withdraw the invitation → end',
      'If the ICP score is < 70: end',
    ]);
    const notQualified = summarizePaths(scoredFollowUpGraph()).paths.at(-1)!;
    expect(notQualified.sends).toBe(0);
  });

  it('InMail fallback keeps the InMail name as written', () => {
    expect(texts(inmailFallbackGraph())).toContain(
      'If the ICP score is ≥ 70: invite with a note “Hi {{firstName}}, I enjoyed your re…” → if no response in 14 days: InMail “Hi {{firstName}},” → if no reply in 5 days: end',
    );
  });

  it('email-push fallback names the external campaign', () => {
    expect(texts(emailPushFallbackGraph())).toContain(
      'Invite with a note “Hi {{firstName}}, I enjoyed your re…” → if no response in 14 days: add to an email campaign (first email tool) “ext_campaign_1” → end',
    );
  });

  it('describes invitations without a note, delays and other steps', () => {
    const def = {
      nodes: [
        node('start', 'start'),
        node('visit', 'profile_visit'),
        node('wait', 'delay', { delay_type: 'hours', delay_amount: 6 }),
        node('invite', 'connection_request', { send_empty_request: true }),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'visit'),
        edge('visit', 'wait'),
        edge('wait', 'invite'),
        edge('invite', 'end', 'accepted'),
        edge('invite', 'end', 'no_response'),
      ],
    };
    expect(texts(def)[0]).toBe('Visit profile (Visit the profile) → wait 6 hours → invite without a note → if accepted: end');
    expect(summarizePaths(def).paths[1]!.days).toBe(14.25);
  });
});

describe('summarizePaths caps and broken graphs', () => {
  it('caps the list and counts the rest exactly on DAGs', () => {
    const s = summarizePaths(followUpChain(60), 10);
    expect(s.paths).toHaveLength(10);
    expect(s.total).toBe(59); // invite no_response + 57 replied + final no_reply
    expect(s.more).toBe('…and 49 more paths');
  });

  it('counts an exponential number of paths without enumerating them', () => {
    // 40 delays in a diamond ladder: 2^20 paths.
    const nodes = [node('start', 'start'), node('end', 'end')];
    const edges = [];
    let prev = 'start';
    for (let i = 0; i < 20; i++) {
      nodes.push(node(`inv${i}`, 'connection_request'), node(`j${i}`, 'delay'));
      edges.push(edge(prev, `inv${i}`), edge(`inv${i}`, `j${i}`, 'accepted'), edge(`inv${i}`, `j${i}`, 'no_response'));
      prev = `j${i}`;
    }
    edges.push(edge(prev, 'end'));
    const s = summarizePaths({ nodes, edges }, 5);
    expect(s.total).toBe(2 ** 20);
    expect(s.paths).toHaveLength(5);
    expect(s.more).toBe('…and 1,048,571 more paths');
  });

  it('stops a path at a loop and at an unconnected output', () => {
    const def = {
      nodes: [node('start', 'start'), node('invite', 'connection_request'), node('a', 'delay'), node('b', 'delay')],
      edges: [edge('start', 'invite'), edge('invite', 'a', 'accepted'), edge('a', 'b'), edge('b', 'a')],
    };
    const s = summarizePaths(def);
    expect(s.paths.map((p) => p.ending)).toEqual(['loop', 'unconnected']);
    expect(s.total).toBe(2);
    expect(s.more).toBeUndefined();
    expect(s.paths[0]!.text).toMatch(/wait 1 day → wait 1 day → loops back to an earlier step$/);
    expect(s.paths[1]!.text).toMatch(/if no response in 14 days: nothing is connected \(the path stops here\)$/);
  });

  it.each([null, 7, { nodes: [] }, { nodes: [{ id: 'x', type: 'end' }] }])('reports no start for %j', (input) => {
    expect(summarizePaths(input)).toMatchObject({ paths: [], total: 0, note: 'This workflow has no Start step.' });
  });
});

describe('summarizePaths wording', () => {
  it('says where a path stops at a step with nothing after it, and counts that path', () => {
    const def = { nodes: [node('start', 'start'), node('wait', 'delay')], edges: [edge('start', 'wait')] };
    expect(summarizePaths(def).paths).toEqual([
      expect.objectContaining({ text: 'Wait 1 day → nothing is connected (the path stops here)', ending: 'unconnected' }),
    ]);
    const open = connectionOnlyGraph();
    open.edges.pop();
    const s = summarizePaths(open);
    expect(s.paths.map((p) => p.ending)).toEqual(['end', 'unconnected']);
    expect(s.total).toBe(2);
  });

  it('says so when an output leads back to an earlier step', () => {
    const def = {
      nodes: [node('start', 'start'), node('invite', 'connection_request'), node('thanks', 'message'), node('end', 'end')],
      edges: [
        edge('start', 'invite'),
        edge('invite', 'thanks', 'accepted'),
        edge('invite', 'end', 'no_response'),
        edge('thanks', 'end', 'replied'),
        edge('thanks', 'invite', 'no_reply'),
      ],
    };
    expect(texts(def)[1]).toMatch(/→ if no reply in 3 days: loops back to an earlier step$/);
  });

  it('joins the conditions of two scoring steps in a row; an unknown operator reads as ≥, a missing threshold as ?', () => {
    const def = {
      nodes: [
        node('start', 'start'),
        node('fit', 'icp_scoring', { icpThreshold: 50, thresholdOperator: ['>'] }),
        node('budget', 'icp_scoring', { icpThreshold: null }),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'fit'),
        edge('fit', 'budget', 'qualified'),
        edge('fit', 'end', 'not_qualified'),
        edge('budget', 'end', 'qualified'),
        edge('budget', 'end', 'not_qualified'),
      ],
    };
    expect(texts(def)).toEqual([
      'If the ICP score is ≥ 50, if the ICP score is ≥ ?: end',
      'If the ICP score is ≥ 50, if the ICP score is < ?: end',
      'If the ICP score is < 50: end',
    ]);
  });

  it('names a step without its text when the text is empty, and an email push without a campaign', () => {
    const def = {
      nodes: [
        node('start', 'start'),
        node('thanks', 'message', { message_template: '' }),
        node('push', 'email_campaign_push_1', { campaign_id: 42 }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'thanks'), edge('thanks', 'push', 'replied'), edge('thanks', 'end', 'no_reply'), edge('push', 'end')],
    };
    expect(texts(def)[0]).toBe('Message → if they reply: add to an email campaign (first email tool) → end');
  });

  it('cuts the list at the cap on graphs with loops too, and counts what it walked', () => {
    const def = {
      nodes: [node('start', 'start'), node('invite', 'connection_request'), node('a', 'delay'), node('b', 'delay'), node('end', 'end')],
      edges: [
        edge('start', 'invite'),
        edge('invite', 'a', 'accepted'),
        edge('a', 'b'),
        edge('b', 'a'),
        edge('invite', 'end', 'no_response'),
      ],
    };
    const s = summarizePaths(def, 1);
    expect(s.paths.map((p) => p.ending)).toEqual(['loop']);
    expect(s.total).toBe(2);
    expect(s.more).toBe('…and at least 1 more path');
  });

  it('stops counting the paths of a graph with loops at 5 000', () => {
    // 13 invitations in a diamond ladder (2^13 paths), then a loop.
    const nodes = [node('start', 'start'), node('a', 'delay'), node('b', 'delay')];
    const edges = [edge('a', 'b'), edge('b', 'a')];
    let prev = 'start';
    for (let i = 0; i < 13; i++) {
      nodes.push(node(`inv${i}`, 'connection_request'), node(`j${i}`, 'delay'));
      edges.push(edge(prev, `inv${i}`), edge(`inv${i}`, `j${i}`, 'accepted'), edge(`inv${i}`, `j${i}`, 'no_response'));
      prev = `j${i}`;
    }
    edges.push(edge(prev, 'a'));
    const s = summarizePaths({ nodes, edges }, 5);
    expect(s.total).toBe(5000);
    expect(s.more).toBe('…and at least 4995 more paths');
  });

  it('turns a definition that cannot be read into a note instead of throwing', () => {
    const unreadable = {
      get nodes(): unknown {
        throw new Error('gone');
      },
    };
    expect(summarizePaths(unreadable)).toEqual({ paths: [], total: 0, note: 'The paths could not be summarised: Error: gone' });
  });
});
