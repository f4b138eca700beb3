import { describe, expect, it } from 'vitest';
import { VIOLATION_CODES } from '../workflow-types';
import { edgeOf, find, VIOLATION_CASES as cases } from '../testing/violation-cases';
import { connectionOnlyGraph, inmailFallbackGraph, scoredFollowUpGraph } from '../testing/fixtures';
import { hasErrors, validateWorkflow } from './index';

describe('validateWorkflow: one graph per violation code, and its fix', () => {
  it.each(cases)('$code: $name', ({ code, broken, fixed, expected, context, fixedIsValid }) => {
    const found = validateWorkflow(broken(), context).filter((v) => v.code === code);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContainEqual(expect.objectContaining(expected ?? {}));
    const after = validateWorkflow(fixed(), context);
    expect(after.filter((v) => v.code === code)).toEqual([]);
    if (fixedIsValid !== false) expect(after.filter((v) => v.severity === 'error')).toEqual([]);
  });

  it('covers every violation code', () => {
    // no_sender depends on the campaign's accounts, not on the graph: tested by readiness.test.ts.
    const all = VIOLATION_CODES.filter((code) => code !== 'no_sender');
    expect(new Set(cases.map((c) => c.code))).toEqual(new Set(all));
  });
});

describe('validateWorkflow: details', () => {
  it('reports every edge of a cycle', () => {
    const g = scoredFollowUpGraph();
    edgeOf(g, 'e_follow_up_no_reply').target = 'thanks';
    const cycle = validateWorkflow(g)
      .filter((v) => v.code === 'cycle')
      .map((v) => v.edgeId)
      .sort();
    expect(cycle).toEqual(['e_follow_up_no_reply', 'e_thanks_no_reply']);
  });

  it('warns, without blocking, when senders are unknown (rule 10)', () => {
    const g = inmailFallbackGraph();
    find(g, 'inmail').data.only_open_profiles = false;
    for (const context of [undefined, {}, { senders: [] }]) {
      // An empty list is known (contract 9.4: nothing can send), but says nothing about seats.
      const v = validateWorkflow(g, context).filter((x) => x.code !== 'no_sender');
      expect(v).toEqual([expect.objectContaining({ code: 'inmail_premium', severity: 'warning', nodeId: 'inmail' })]);
      expect(hasErrors(v)).toBe(false);
    }
    expect(validateWorkflow(g, { senders: [{ accountId: 'a', premium: true }] })).toEqual([]);
  });

  it('accepts no scoring at all: scoring is optional (rules 1, 8)', () => {
    expect(validateWorkflow(connectionOnlyGraph())).toEqual([]);
  });

  it('only warns on a malformed InMail subject (the contract names message_template)', () => {
    const g = inmailFallbackGraph();
    find(g, 'inmail').data.subject = 'Hi {{ firstName }}';
    expect(validateWorkflow(g)).toEqual([
      expect.objectContaining({ code: 'template_invalid', severity: 'warning', path: 'nodes.4.data.subject' }),
    ]);
  });

  it('reports structure problems and graph problems together', () => {
    const g = scoredFollowUpGraph();
    find(g, 'score').data.icpThreshold = 'high';
    edgeOf(g, 'e_thanks_replied').target = 'follow_up';
    const codes = validateWorkflow(g).map((v) => v.code);
    expect(codes).toContain('invalid_field');
    expect(codes).toContain('replied_target');
  });

  it('stops at the structure when there are no node or edge lists', () => {
    for (const input of [null, 42, 'graph', [], {}, { nodes: {}, edges: [] }, { nodes: [], edges: null }]) {
      const v = validateWorkflow(input);
      expect(v.length).toBeGreaterThan(0);
      expect(v.every((x) => x.rule === '2')).toBe(true);
    }
  });

  it('keeps prototype names harmless', () => {
    const g = connectionOnlyGraph();
    find(g, 'invite').type = 'constructor';
    g.nodes.push({ id: '__proto__', type: 'toString', position: { x: 0, y: 0 }, data: {} });
    const codes = validateWorkflow(g).map((v) => v.code);
    expect(codes.filter((c) => c === 'unknown_node_type')).toHaveLength(2);
  });
});
