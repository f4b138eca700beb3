import { nodeDefinition } from '../../domain/catalog';
import type { WorkflowDefinition } from '../../domain';

/**
 * A campaign step in users' words: its type's label and its number among the graph's steps
 * ("Step 4 · Message"), since several steps may share a type. A step no longer in the graph: "a removed step".
 */
export function stepLabel(graph: WorkflowDefinition | undefined, nodeId: string): string {
  const nodes = graph?.nodes ?? [];
  const index = nodes.findIndex((n) => n.id === nodeId);
  if (index < 0) return 'a removed step';
  const label = nodeDefinition(nodes[index].type)?.label ?? 'Step';
  return `Step ${index + 1} · ${label}`;
}
