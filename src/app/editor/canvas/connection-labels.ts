import { outputLabel, stepNames } from '../../../domain';
import type { FlowEdge, FlowNode } from '../store';

/**
 * What a screen reader says for each connection, in users' words ("Connection from ICP scoring,
 * output Not qualified, to End 2"), never React Flow's "Edge from score to end". A connection keeps
 * its object while its words stay the same, so React Flow re-renders only the connections that changed.
 */
const labelled = new WeakMap<FlowEdge, FlowEdge>();

export function withConnectionLabels(edges: readonly FlowEdge[], nodes: readonly FlowNode[]): FlowEdge[] {
  const names = stepNames(nodes.map((n) => ({ id: n.id, type: n.type, data: n.data })));
  const types = new Map(nodes.map((n) => [n.id, n.type]));
  return edges.map((edge) => {
    const output = edge.sourceHandle ? `, output ${outputLabel(types.get(edge.source), edge.sourceHandle)},` : '';
    const ariaLabel = `Connection from ${names.get(edge.source) ?? 'a removed step'}${output} to ${names.get(edge.target) ?? 'a removed step'}`;
    const known = labelled.get(edge);
    if (known?.ariaLabel === ariaLabel) return known;
    // Which steps it joins, for the page's own checks (React Flow's element carries only the id).
    const domAttributes: FlowEdge['domAttributes'] = Object.fromEntries([
      ['aria-roledescription', 'connection'],
      ['data-source', edge.source],
      ['data-target', edge.target],
    ]);
    const next = { ...edge, ariaLabel, domAttributes };
    labelled.set(edge, next);
    return next;
  });
}

/** React Flow calls every step element a "node" for screen readers; ours say "step" (same object while the step is unchanged). */
const roled = new WeakMap<FlowNode, FlowNode>();
const STEP_ROLE: FlowNode['domAttributes'] = Object.fromEntries([['aria-roledescription', 'step']]);

export function withStepRole(nodes: readonly FlowNode[]): FlowNode[] {
  return nodes.map((node) => {
    let next = roled.get(node);
    if (!next) roled.set(node, (next = { ...node, domAttributes: STEP_ROLE }));
    return next;
  });
}
