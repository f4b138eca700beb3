import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../testing/fixtures';
import { fixFirstHint } from './hints';
import { validateWorkflow } from './index';

describe('fixFirstHint (contract 8.1 error.hint)', () => {
  it('names the first error and says how to fix it in the wire’s terms', () => {
    const graph = connectionOnlyGraph();
    graph.edges = graph.edges.filter((e) => e.sourceHandle !== 'no_response');
    const hint = fixFirstHint(validateWorkflow(graph))!;
    expect(hint).toMatch(/^Fix first: Connect the “No response” output/);
    expect(hint).toContain('Add an edge {source: "invite", sourceHandle: "no_response", target: <the next step, or an end node>}.');
  });

  it('counts the remaining errors, skips warnings, and is undefined when nothing is listed', () => {
    const graph = connectionOnlyGraph();
    graph.edges = [];
    const violations = validateWorkflow(graph);
    expect(fixFirstHint(violations)).toMatch(/more are listed in violations/);
    expect(fixFirstHint([])).toBeUndefined();
    expect(fixFirstHint([{ code: 'inmail_premium', rule: '4.1.10', severity: 'warning', message: 'Needs a seat', nodeId: 'm' }])).toMatch(
      /only_open_profiles: true/,
    );
  });
});
