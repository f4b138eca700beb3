import { buildGraph } from '../validator';
import type { RunProspect } from './prospect';
import { passOutput, type RunHistory } from './revision';
import { stepDecision, type Decision, type RunNode, type StepInput } from './step';

/**
 * Moves one enrollment through a launched graph: applies an input at the step it stands on and
 * follows every `take` along the edges until a step waits, acts, calls or ends. Pure; the server
 * stores what it returns (timeline rows for `passed`, the position, the decision).
 */

export interface RunGraph {
  readonly startId: string;
  node(id: string): RunNode | undefined;
  /** The step an output leads to (null: the single output). */
  next(id: string, handle: string | null): string | undefined;
}

/** The launched graph as the engine reads it, or undefined when it has no start step. */
export function runGraph(definition: unknown): RunGraph | undefined {
  const def = definition as { nodes?: unknown; edges?: unknown } | null;
  const { graph } = buildGraph(Array.isArray(def?.nodes) ? def.nodes : [], Array.isArray(def?.edges) ? def.edges : []);
  const start = graph.nodes.find((n) => n.role === 'start');
  if (!start) return undefined;
  const nodes = new Map<string, RunNode>(graph.nodes.map((n) => [n.id, { id: n.id, type: n.type ?? '', data: n.data }]));
  const edges = new Map<string, string>();
  for (const e of graph.edges) {
    const key = `${graph.nodes[e.from]!.id}\u0000${e.handle ?? ''}`;
    if (!edges.has(key)) edges.set(key, graph.nodes[e.to]!.id);
  }
  return {
    startId: start.id,
    node: (id) => nodes.get(id),
    next: (id, handle) => edges.get(`${id}\u0000${handle ?? ''}`),
  };
}

export interface RunPosition {
  readonly nodeId: string;
  readonly arrivedBy: string | null;
  readonly replied: boolean;
}

export interface PassedStep {
  readonly nodeId: string;
  readonly type: string;
  /** The output taken when leaving it. */
  readonly handle: string | null;
  /** Passed without being done (contract 10.4: done, or its text sent, before the campaign was revised). */
  readonly skipped?: true;
}

export interface Advance {
  readonly position: RunPosition;
  /** Steps left during this advance, in order (the first may be the one it stood on). */
  readonly passed: readonly PassedStep[];
  /** What the step it now stands on asks for; `ignore` when the input changed nothing. */
  readonly decision: Decision;
}

export interface AdvanceContext {
  readonly prospect: RunProspect;
  readonly now: number;
  readonly zone: string;
  /** A revised enrollment's timeline (contract 10.4): a step it holds, or a text it sent, is passed, never done again. */
  readonly history?: RunHistory;
}

/** Bounded by the graph size (launched graphs have no cycles); only a guard against bad data. */
const MAX_PASSES = 1000;

/**
 * What a revised enrollment's timeline says of a step it enters: done there before (an action, a
 * wait, a condition — any step but the end), or, for an action, its text already sent.
 */
function doneBefore(history: RunHistory | undefined, nodeId: string, decision: Decision) {
  if (!history || decision.kind === 'end' || decision.kind === 'ignore') return undefined;
  const text = decision.kind === 'act' ? decision.action.payload.text : undefined;
  return history.step(nodeId) ?? (text === undefined || text === '' ? undefined : history.text(text));
}

export const startPosition = (graph: RunGraph): RunPosition => ({ nodeId: graph.startId, arrivedBy: null, replied: false });

export function advance(graph: RunGraph, from: RunPosition, input: StepInput, context: AdvanceContext): Advance {
  const passed: PassedStep[] = [];
  let position = from;
  let current = input;
  for (let i = 0; i < MAX_PASSES; i++) {
    const node = graph.node(position.nodeId);
    if (!node) return { position, passed, decision: { kind: 'end', outcome: 'failed', error: 'The campaign no longer has this step.' } };
    let decision = stepDecision(node, { ...context, arrivedBy: position.arrivedBy, replied: position.replied }, current);
    const earlier = current.kind === 'enter' ? doneBefore(context.history, node.id, decision) : undefined;
    if (earlier) decision = { kind: 'take', handle: passOutput(node, earlier.handle) };
    if (decision.kind !== 'take') return { position, passed, decision };
    passed.push({ nodeId: node.id, type: node.type, handle: decision.handle, ...(earlier ? { skipped: true as const } : {}) });
    const replied = position.replied || (current.kind === 'event' && current.event === 'message_received');
    const nextId = graph.next(node.id, decision.handle);
    if (nextId === undefined) {
      const error = 'A step of this campaign is not connected to a next step.';
      return { position: { ...position, replied }, passed, decision: { kind: 'end', outcome: replied ? 'replied' : 'failed', error } };
    }
    position = { nodeId: nextId, arrivedBy: decision.handle, replied };
    current = { kind: 'enter' };
  }
  return { position, passed, decision: { kind: 'end', outcome: 'failed', error: 'The path is too long.' } };
}
