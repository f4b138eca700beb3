import { canConnect, stepNames } from '../../../domain';
import { toast } from '../../ui/toast';
import { toDefinition, type CanvasGraph } from './convert';
import { connect, deleteSelection } from './operations';
import { selectionWords } from './selection';

export interface SelectionDeleted {
  graph: CanvasGraph;
  /** The undo step's name. */
  label: string;
  /** When the deleted step sat between two others: their names, now connected to each other. */
  reconnected: { from: string; to: string; deleted: string } | null;
}

/**
 * Deletes the selection. A single step with one connection in and one out leaves its neighbours
 * connected to each other at once (n8n's habit: the flow stays whole, and Undo puts the step back),
 * when the domain's connect guard allows that connection.
 */
export function deleteSelectionReconnecting(g: CanvasGraph): SelectionDeleted {
  const steps = g.nodes.filter((n) => n.selected);
  const edgesSelected = g.edges.filter((e) => e.selected).length;
  const plain = {
    graph: deleteSelection(g),
    label:
      steps.length + edgesSelected > 1
        ? `Delete ${selectionWords(steps.length, edgesSelected)}`
        : steps.length
          ? 'Delete step'
          : 'Delete connection',
    reconnected: null,
  };
  const step = steps.length === 1 ? steps[0]! : null;
  if (!step) return plain;
  const into = g.edges.filter((e) => e.target === step.id);
  const out = g.edges.filter((e) => e.source === step.id);
  const onlyItsOwn = g.edges.every((e) => !e.selected || e.source === step.id || e.target === step.id);
  if (into.length !== 1 || out.length !== 1 || !onlyItsOwn) return plain;
  const [incoming, outgoing] = [into[0]!, out[0]!];
  const verdict = canConnect(toDefinition(plain.graph), {
    source: incoming.source,
    sourceHandle: incoming.sourceHandle ?? null,
    target: outgoing.target,
  });
  if (!verdict.ok) return plain;
  const names = stepNames(g.nodes.map((n) => ({ id: n.id, type: n.type, data: n.data })));
  return {
    graph: connect(plain.graph, incoming.source, incoming.sourceHandle, outgoing.target),
    label: 'Delete step and reconnect',
    reconnected: { from: names.get(incoming.source)!, to: names.get(outgoing.target)!, deleted: names.get(step.id)! },
  };
}

/** Says which neighbours were connected, with an Undo beside it (the editor's Undo works too). */
export function announceReconnected({ from, to, deleted }: NonNullable<SelectionDeleted['reconnected']>, undo: () => void): void {
  toast.undoable(`Deleted ${deleted} and connected ${from} to ${to}.`, { undo, commit: () => undefined });
}
