import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../../domain/paths';
import { fromDefinition } from '../store/convert';
import { withConnectionLabels, withStepRole } from './connection-labels';

describe('withConnectionLabels', () => {
  const graph = fromDefinition(findTemplate('scored-follow-up')!.build());

  it('names both steps and the output in users’ words, never ids', () => {
    const labels = withConnectionLabels(graph.edges, graph.nodes).map((e) => e.ariaLabel);
    expect(labels).toContain('Connection from ICP scoring, output Not qualified, to End 1');
    expect(labels).toContain('Connection from Start to ICP scoring');
    for (const label of labels) expect(label).not.toMatch(/_|\bedge\b|\bnode\b/i);
  });

  it('keeps a connection’s object while its words stay the same', () => {
    const first = withConnectionLabels(graph.edges, graph.nodes);
    const again = withConnectionLabels(graph.edges, graph.nodes);
    expect(again.every((e, i) => e === first[i])).toBe(true);
    const renamed = graph.nodes.map((n) => (n.id === 'score' ? { ...n, data: { ...n.data, name: 'Fit check' } } : n));
    const after = withConnectionLabels(graph.edges, renamed);
    expect(after.find((e) => e.id === 'e_start_next')!.ariaLabel).toBe('Connection from Start to Fit check');
    expect(after.find((e) => e.id === 'e_invite_accepted')).toBe(first.find((e) => e.id === 'e_invite_accepted'));
  });

  it('calls a step a step for screen readers, keeping its object while it is unchanged', () => {
    const first = withStepRole(graph.nodes);
    expect(first.every((n) => n.domAttributes?.['aria-roledescription'] === 'step')).toBe(true);
    expect(withStepRole(graph.nodes)[0]).toBe(first[0]);
  });
});
