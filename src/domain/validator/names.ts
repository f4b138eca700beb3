import { nodeDefinition } from '../catalog';
import type { Graph, GraphNode } from './graph';

/**
 * How every surface names things, in users' words: a step by the name its user gave it (data
 * `name`), else by its catalog label, numbered in graph order when several unnamed steps share it
 * ("Message 2"); an output by its label ("No reply"); a sender by its name. Never an id, a handle
 * name or a UUID. The canvas, Problems, the launch review, the inbox and the history all use these.
 */

const labelOf = (type: string | undefined): string => nodeDefinition(type)?.label ?? 'Unknown step';

/** The name a user gave a step (data `name`, trimmed), or undefined when none. */
export function customStepName(data: unknown): string | undefined {
  const name = typeof data === 'object' && data !== null ? (data as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/** Names for a list of steps: a step's own name, else the label plus its number when several unnamed steps share it. */
export function stepNames(nodes: readonly { id: string; type: string | undefined; data?: unknown }[]): Map<string, string> {
  const total = new Map<string, number>();
  for (const n of nodes) if (!customStepName(n.data)) total.set(labelOf(n.type), (total.get(labelOf(n.type)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const n of nodes) {
    const own = customStepName(n.data);
    if (own !== undefined) {
      if (!names.has(n.id)) names.set(n.id, own);
      continue;
    }
    const label = labelOf(n.type);
    const nth = (seen.get(label) ?? 0) + 1;
    seen.set(label, nth);
    if (!names.has(n.id)) names.set(n.id, total.get(label)! > 1 ? `${label} ${nth}` : label);
  }
  return names;
}

const cache = new WeakMap<Graph, Map<string, string>>();

/** The name of a step of `graph` (computed once per graph, only when a message needs one). */
export function stepName(graph: Graph, node: GraphNode): string {
  let names = cache.get(graph);
  if (!names) cache.set(graph, (names = stepNames(graph.nodes)));
  return names.get(node.id) ?? labelOf(node.type);
}

/** The label of a branching step's output ("No reply"), or a neutral word for a name it does not have. */
export function outputLabel(type: string | undefined, handle: string): string {
  const outputs = nodeDefinition(type)?.outputs;
  return (outputs?.kind === 'branch' && outputs.handles.find((h) => h.name === handle)?.label) || 'unnamed';
}

/** “Qualified” or “Not qualified”: the labels of a branching step's outputs. */
export function outputLabels(type: string | undefined, joiner: 'or' | 'and'): string {
  const outputs = nodeDefinition(type)?.outputs;
  const labels = outputs?.kind === 'branch' ? outputs.handles.map((h) => `“${h.label}”`) : [];
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} ${joiner} ${labels[labels.length - 1]}`;
}

/** "Alex Morgan", "Alex Morgan and Sam Lee": senders by name; unnamed ones are "a sender". */
export function senderNames(senders: readonly { name?: string | undefined }[]): string {
  const names = senders.map((s) => (s.name && s.name.trim() ? s.name.trim() : 'a sender'));
  const unique = [...new Set(names)];
  return unique.length <= 1 ? (unique[0] ?? 'a sender') : `${unique.slice(0, -1).join(', ')} and ${unique[unique.length - 1]}`;
}
