import { useShallow } from 'zustand/react/shallow';
import type { Violation } from '../../../domain';
import { useEditorStore } from './editor-store';
import { EMPTY_VIOLATIONS } from './validation';

/** Every live violation (errors first where shown), with counts; re-renders only when they change. */
export function useViolations(): { violations: readonly Violation[]; errors: number; warnings: number } {
  return useEditorStore(useShallow((s) => ({ violations: s.validation.violations, errors: s.validation.errors, warnings: s.validation.warnings })));
}

/** Violations pinned on one node: the same array until they change, so a node does not re-render. */
export const useNodeViolations = (nodeId: string): readonly Violation[] => useEditorStore((s) => s.validation.byNode.get(nodeId) ?? EMPTY_VIOLATIONS);

export const useEdgeViolations = (edgeId: string): readonly Violation[] => useEditorStore((s) => s.validation.byEdge.get(edgeId) ?? EMPTY_VIOLATIONS);

/** The tone a power feature painted on this node, or null. */
export const useNodeHighlight = (nodeId: string) => useEditorStore((s) => (s.highlight?.nodeIds.has(nodeId) ? s.highlight.tone : null));
export const useEdgeHighlight = (edgeId: string) => useEditorStore((s) => (s.highlight?.edgeIds.has(edgeId) ? s.highlight.tone : null));

/** The one selected step's id (the inspector's subject), or null when none or several are selected. */
export const useSingleSelectedNodeId = (): string | null =>
  useEditorStore((s) => (s.selection.nodeIds.length === 1 && s.selection.edgeIds.length === 0 ? s.selection.nodeIds[0]! : null));

/** Worst severity of a violation list (for borders and strokes). */
export const worstSeverity = (list: readonly Violation[]): 'error' | 'warning' | null =>
  list.length === 0 ? null : list.some((v) => v.severity === 'error') ? 'error' : 'warning';
