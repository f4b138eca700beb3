import { describe, expect, it } from 'vitest';
import { validateWorkflow } from '../../../domain';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { violation } from '../../../domain/validator/violation';
import { fromDefinition } from '../store/convert';
import { groupProblems } from './problem-groups';

describe('groupProblems', () => {
  it('groups by step, edge problems under their source step, groups with errors first', () => {
    const def = connectionOnlyGraph();
    def.edges = def.edges.filter((e) => e.sourceHandle !== 'accepted');
    def.nodes.push({ id: 'lonely', type: 'delay', position: { x: 0, y: 0 }, data: { delay_amount: 1, delay_type: 'days' } });
    const { nodes, edges } = fromDefinition(def);
    const groups = groupProblems(validateWorkflow(def), nodes, edges);
    expect(groups.map((g) => g.key)).toEqual(expect.arrayContaining(['n:invite', 'n:lonely']));
    expect(groups[0]!.errors).toBeGreaterThan(0);
    expect(groups.find((g) => g.key === 'n:invite')!.title).toBe('Connection request');
  });

  it('puts errors before warnings inside a group, edge problems under their source, the rest under the whole campaign', () => {
    const { nodes, edges } = fromDefinition(connectionOnlyGraph());
    const edge = edges.find((e) => e.sourceHandle)!;
    const groups = groupProblems(
      [
        violation('redundant_delay', 'a warning', { nodeId: 'invite', severity: 'warning' }),
        violation('invalid_field', 'an error', { nodeId: 'invite' }),
        violation('unknown_source_handle', 'on an edge', { edgeId: edge.id, severity: 'warning' }),
        violation('node_count', 'campaign-wide', { severity: 'warning' }),
        violation('invalid_field', 'gone step', { nodeId: 'no-such-step' }),
      ],
      nodes,
      edges,
    );
    const invite = groups.find((g) => g.key === 'n:invite')!;
    expect(invite.items.map((i) => i.violation.message)).toEqual(['an error', 'a warning', 'on an edge']);
    expect(groups[0]!.errors).toBeGreaterThan(0);
    const byEdge = groups.find((g) => g.key === `n:${edge.source}`)!.items.find((i) => i.target.edgeId === edge.id)!;
    expect(byEdge.where.toLowerCase()).toContain(`${edge.sourceHandle!.replace(/_/g, ' ')} → `);
    const campaign = groups.find((g) => g.key === 'campaign')!;
    expect(campaign.title).toBe('Whole campaign');
    expect(campaign.items.map((i) => i.violation.message)).toEqual(['gone step', 'campaign-wide']);
  });
});
