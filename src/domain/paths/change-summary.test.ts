import { describe, expect, it } from 'vitest';
import { cloneGraph, edge, node, scoredFollowUpGraph } from '../testing/fixtures';
import { summarizeChange } from './change-summary';

const base = scoredFollowUpGraph();
const edit = (change: (g: ReturnType<typeof scoredFollowUpGraph>) => void) => {
  const after = cloneGraph(base);
  change(after);
  return summarizeChange(base, after);
};
const step = (g: ReturnType<typeof scoredFollowUpGraph>, id: string) => g.nodes.find((n) => n.id === id)!;

describe('summarizeChange', () => {
  it('says when a save changed nothing', () => {
    expect(summarizeChange(base, cloneGraph(base))).toBe('Saved without changes');
  });

  it('names an added step by its name and leaves out the connections that came with it', () => {
    expect(
      edit((g) => {
        g.nodes.push(node('nudge', 'message', { name: 'Last nudge' }));
        g.edges.push(edge('follow_up', 'nudge', 'no_reply', 'e-nudge'));
      }),
    ).toBe('Added Last nudge');
  });

  it('names a changed step and the form labels of its changed fields, never a data key', () => {
    const line = edit((g) => {
      step(g, 'follow_up').data.message_template = 'Still keen, {{firstName}}?';
    });
    expect(line).toBe('Changed Template message (Message)');
    expect(line).not.toMatch(/message_template|follow_up/);
  });

  it('says a rename as a rename', () => {
    expect(
      edit((g) => {
        step(g, 'thanks').data.name = 'Thank-you note';
      }),
    ).toBe('Renamed Message to Thank-you note');
  });

  it('lists two names, then counts the rest, and counts moved steps and rewired connections', () => {
    const line = edit((g) => {
      g.nodes = g.nodes.filter((n) => !['withdraw', 'end', 'end_unqualified'].includes(n.id));
      g.edges = g.edges.filter((e) => g.nodes.some((n) => n.id === e.target) && g.nodes.some((n) => n.id === e.source));
    });
    expect(line).toBe('Removed Withdraw invitation, End 1 and 1 more');
    expect(
      edit((g) => {
        step(g, 'start').position = { x: 50, y: 50 };
        step(g, 'score').position = { x: 50, y: 150 };
        g.edges.find((e) => e.source === 'withdraw')!.target = 'end_unqualified';
      }),
    ).toBe('Rewired 1 connection; moved 2 steps');
  });
});
