import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../../../domain';
import { CAMPAIGN_TEMPLATES, countCrossings, routeGraph } from '../../../domain/paths';
import { founderOutreachGraph, webinarInviteGraph } from '../../../server/demo/campaigns';
import { layoutPositions } from './layout';

// Every graph a marketer starts from: the gallery templates and the demo campaigns (tests may import the server's seed).
const GRAPHS: [string, WorkflowDefinition][] = [
  ...CAMPAIGN_TEMPLATES.map((t): [string, WorkflowDefinition] => [`template ${t.name}`, t.build()]),
  ['demo founder outreach', founderOutreachGraph()],
  ['demo webinar invite', webinarInviteGraph()],
];

async function tidy(g: WorkflowDefinition): Promise<WorkflowDefinition> {
  const positions = await layoutPositions(g.nodes, g.edges);
  return { ...g, nodes: g.nodes.map((n) => ({ ...n, position: positions.get(n.id)! })) };
}

// The first layout loads elkjs (a few seconds on a busy machine).
describe('connections never pass behind a step', { timeout: 30_000 }, () => {
  it.each(GRAPHS)('%s, at its stored positions', (_, g) => {
    expect(countCrossings(g)).toBe(0);
  });

  it.each(GRAPHS)('%s, after Tidy up', async (_, g) => {
    const laid = await tidy(g);
    expect(countCrossings(laid)).toBe(0);
    // Tidy up keeps steps apart (nothing overlaps) and routes every connection.
    expect(routeGraph(laid).size).toBe(g.edges.length);
  });
});
