import { stepNames, type WorkflowDefinition } from '../../domain';

/**
 * A campaign step in users' words: the name the canvas shows ("Welcome note", or "Message 2" when
 * several unnamed steps share a type). A step no longer in the graph: "a removed step".
 */
export function stepLabel(graph: WorkflowDefinition | undefined, nodeId: string): string {
  return stepNames(graph?.nodes ?? []).get(nodeId) ?? 'a removed step';
}
