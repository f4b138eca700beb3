import { branchHandles, DELAY_TYPES, HANDLE, senderActionOf, type SenderAction } from '../catalog';
import type { Channel } from '../contract/conversations';
import { DAILY_LIMIT_KINDS } from '../contract/schedule';
import { edgeFor, waitDays } from '../paths';
import { buildGraph, type Graph, type GraphNode } from '../validator';

/**
 * The campaign graph compiled for the forecast: what each step does to a prospect (contract 9.3
 * table), read through the catalog. Steps whose result the forecast cannot know take their first
 * output, as the path simulator's first path does: ICP scoring qualifies, conditions and "is
 * connected" hold, triggers fire at once.
 */

/** No next step: the prospect's path stops there (an unconnected output). */
export const NO_STEP = -1;

export type ForecastStep =
  | { kind: 'end' }
  | { kind: 'pass'; next: number }
  | { kind: 'wait'; next: number; days: number; exact: boolean }
  | {
      kind: 'action';
      limit: number;
      channel: Channel;
      /** Which answer the step waits for, and the next steps on it and without it. */
      awaits: 'none' | 'acceptance' | 'reply';
      next: number;
      otherwise: number;
      waitDays: number;
    };

export interface CompiledCampaign {
  steps: ForecastStep[];
  /** The start step's index, or NO_STEP. */
  start: number;
  /** A step's index by its id. */
  indexOf: ReadonlyMap<string, number>;
  /** The sender limits the steps count against, in the order a prospect meets them (breadth-first from start). */
  limitsUsed: SenderAction[];
}

const target = (graph: Graph, at: number, handle: string | undefined): number => edgeFor(graph, at, handle)?.to ?? NO_STEP;

/** Minutes and hours are exact; days (and the response waits, counted in days) are calendar days. */
const exactDelay = (node: GraphNode): boolean =>
  node.role === 'delay' && node.data.delay_type !== 'days' && DELAY_TYPES.includes(node.data.delay_type as (typeof DELAY_TYPES)[number]);

function compileStep(graph: Graph, at: number): ForecastStep {
  const node = graph.nodes[at]!;
  if (node.role === 'end') return { kind: 'end' };
  const branches = branchHandles(node.type);
  const action = senderActionOf(node.type);
  if (action) {
    const awaits = node.role === 'invitation' ? 'acceptance' : node.role === 'awaits_reply' ? 'reply' : 'none';
    const [yes, no] = awaits === 'acceptance' ? [HANDLE.accepted, HANDLE.noResponse] : [HANDLE.replied, HANDLE.noReply];
    return {
      kind: 'action',
      limit: DAILY_LIMIT_KINDS.indexOf(action.limit),
      channel: action.channel,
      awaits,
      next: target(graph, at, awaits === 'none' ? branches[0] : yes),
      otherwise: awaits === 'none' ? NO_STEP : target(graph, at, no),
      waitDays: awaits === 'none' ? 0 : waitDays(node, no),
    };
  }
  const next = target(graph, at, branches[0]);
  if (node.role === 'delay') return { kind: 'wait', next, days: waitDays(node, undefined), exact: exactDelay(node) };
  return { kind: 'pass', next };
}

function limitsInOrder(graph: Graph, start: number): SenderAction[] {
  const used: SenderAction[] = [];
  const seen = new Uint8Array(graph.nodes.length);
  const queue = [start];
  seen[start] = 1;
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    const action = senderActionOf(graph.nodes[at]!.type);
    if (action && !used.some((u) => u.limit === action.limit && u.channel === action.channel)) used.push(action);
    for (const edge of graph.outgoing[at]!) {
      if (seen[edge.to]) continue;
      seen[edge.to] = 1;
      queue.push(edge.to);
    }
  }
  return used;
}

export function compileCampaign(definition: { nodes: readonly unknown[]; edges: readonly unknown[] }): CompiledCampaign {
  const { graph } = buildGraph(definition.nodes, definition.edges);
  const start = graph.nodes.findIndex((n) => n.role === 'start');
  return {
    steps: graph.nodes.map((_, at) => compileStep(graph, at)),
    start,
    indexOf: graph.indexOf,
    limitsUsed: start === NO_STEP ? [] : limitsInOrder(graph, start),
  };
}
