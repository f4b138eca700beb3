import { branchHandles, nodeDefinition } from '../catalog';
import { isRecord } from '../is-record';
import { buildGraph, wouldCloseCycle } from './graph';
import { outputLabel, outputLabels, stepName } from './names';

export interface ConnectionAttempt {
  source: string;
  /** React Flow passes null for a node's only output. */
  sourceHandle?: string | null;
  target: string;
}

export type ConnectVerdict = { ok: true } | { ok: false; reason: string };

const no = (reason: string): ConnectVerdict => ({ ok: false, reason });

/**
 * The editor's connect-time guard, in users' words: the structural rules a single new edge can break (spec 2.4
 * one edge per output, 4.1.1 nothing into start, 4.1.11 no cycles / nothing out of end, 4.1.12
 * handle names). Routing rules (replied → end, …) are left to validateWorkflow's overlays.
 */
export function canConnect(definition: unknown, attempt: ConnectionAttempt): ConnectVerdict {
  const nodes = isRecord(definition) && Array.isArray(definition.nodes) ? definition.nodes : [];
  const edges = isRecord(definition) && Array.isArray(definition.edges) ? definition.edges : [];
  const { graph } = buildGraph(nodes, edges);
  const from = graph.indexOf.get(attempt.source);
  const to = graph.indexOf.get(attempt.target);
  if (from === undefined || to === undefined) return no('Both ends must be steps of this campaign');
  if (from === to) return no('A step cannot lead to itself');
  const source = graph.nodes[from]!;
  const target = graph.nodes[to]!;
  const def = nodeDefinition(source.type);
  if (!def) return no('This step has a type the studio does not know');
  if (def.outputs.kind === 'none') return no('End is the last step: nothing leaves it');
  if (target.role === 'start') return no('Nothing may lead into Start');
  const name = stepName(graph, source);
  const handle = attempt.sourceHandle ?? undefined;
  if (def.outputs.kind === 'branch') {
    const handles = branchHandles(source.type);
    if (handle === undefined) return no(`Choose an output of ${name}: ${outputLabels(source.type, 'or')}`);
    if (!handles.includes(handle)) return no(`${name} has no output “${handle}”`);
  } else if (handle !== undefined) return no(`${name} has one output, not “${handle}”`);
  if (graph.outgoing[from]!.some((e) => e.handle === handle)) {
    const output = handle === undefined ? name : `The “${outputLabel(source.type, handle)}” output of ${name}`;
    return no(`${output} is already connected: drag the end of its connection to another step to re-wire it`);
  }
  if (wouldCloseCycle(graph, from, to)) return no('This connection would make a loop');
  return { ok: true };
}
