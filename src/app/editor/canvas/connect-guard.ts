import type { Connection, Edge, FinalConnectionState, InternalNode } from '@xyflow/react';
import { canConnect, type ConnectVerdict } from '../../../domain';
import { editorStore, type FlowNode } from '../store';

/** The connection whose end is being dragged to another step: the guard judges the graph without it. */
let rewiring: string | null = null;
export const setRewiring = (edgeId: string | null): void => {
  rewiring = edgeId;
};
/** True while a connection's end is being dragged (its drop never opens the step menu). */
export const isRewiring = (): boolean => rewiring !== null;

/** The domain's connect-time guard on the current canvas; the definition is cached by graph identity. */
export function verdictFor(
  source: string,
  sourceHandle: string | null | undefined,
  target: string,
  without: string | null = rewiring,
): ConnectVerdict {
  const definition = editorStore.getState().getDefinition();
  const graph = without === null ? definition : { ...definition, edges: definition.edges.filter((e) => e.id !== without) };
  return canConnect(graph, { source, sourceHandle: sourceHandle ?? null, target });
}

export const isValidConnection = (c: Edge | Connection): boolean =>
  !editorStore.getState().readOnly && verdictFor(c.source, c.sourceHandle, c.target).ok;

/** Why a connection attempt that ended on a handle was refused (null when it was not refused or did not reach a handle). */
export function refusalReason(state: FinalConnectionState<InternalNode<FlowNode>>): string | null {
  if (state.isValid !== false || !state.fromNode || !state.toNode || !state.fromHandle) return null;
  const fromSource = state.fromHandle.type === 'source';
  const source = fromSource ? state.fromNode.id : state.toNode.id;
  const handle = fromSource ? state.fromHandle.id : (state.toHandle?.id ?? null);
  const target = fromSource ? state.toNode.id : state.fromNode.id;
  if (!fromSource && state.toHandle?.type !== 'source') return 'Connect an output (bottom) to an input (top).';
  const verdict = verdictFor(source, handle, target);
  return verdict.ok ? null : verdict.reason;
}
