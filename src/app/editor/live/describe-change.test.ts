import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, node, scoredFollowUpGraph } from '../../../domain/testing/fixtures';
import { ago, describeRemoteChange, whoSaved } from './describe-change';

describe('describeRemoteChange', () => {
  it('names the changed, added, removed and moved steps, then counts connections', () => {
    const before = scoredFollowUpGraph();
    const after = cloneGraph(before);
    const [, second, third] = after.nodes;
    second!.data = { ...second!.data, message_template: 'Hello again {{firstName}}' };
    third!.position = { x: third!.position.x + 40, y: third!.position.y };
    after.nodes.push(node('extra_wait', 'delay', { days: 2 }));
    after.edges.push(edge(after.nodes[0]!.id, 'extra_wait', undefined, 'e_new'));
    const text = describeRemoteChange(before, after);
    expect(text).toMatch(/^1 step changed \([^)]+\), 1 added \(Delay\), 1 moved \([^)]+\); 1 connection changed\.$/);
  });

  it('plural nouns, the first group only, and "and N more" past three names', () => {
    const before = scoredFollowUpGraph();
    const after = cloneGraph(before);
    for (let i = 0; i < 5; i++) after.nodes.push(node(`w${i}`, 'delay', { days: i + 1 }));
    expect(describeRemoteChange(before, after)).toBe('5 steps added (Delay 1, Delay 2, Delay 3 and 2 more).');
  });

  it('says so when the steps did not change (a launch)', () => {
    const g = scoredFollowUpGraph();
    expect(describeRemoteChange(g, cloneGraph(g))).toBe('The steps are unchanged.');
  });
});

describe('banner words', () => {
  it('who saved', () => {
    expect(whoSaved('mcp')).toBe('by an agent');
    expect(whoSaved('app')).toBe('in another studio window');
    expect(whoSaved('other')).toBe('by someone else');
    expect(whoSaved(undefined)).toBe('by someone else');
  });
  it('ticking age', () => {
    expect(ago(10_000, 12_400)).toBe('2 s ago');
    expect(ago(10_000, 9_000)).toBe('0 s ago');
    expect(ago(0, 125_000)).toBe('2 min ago');
    expect(ago(0, 7_300_000)).toBe('2 h ago');
  });
});
