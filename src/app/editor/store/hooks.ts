import { useShallow } from 'zustand/react/shallow';
import type { Severity, Violation } from '../../../domain';
import { useEditorStore } from './editor-store';

/** Every live violation (errors first where shown), with counts; re-renders only when they change. */
export function useViolations(): { violations: readonly Violation[]; errors: number; warnings: number } {
  return useEditorStore(
    useShallow((s) => ({ violations: s.validation.violations, errors: s.validation.errors, warnings: s.validation.warnings })),
  );
}

// Per-node and per-edge hooks notify only the elements whose value changed (see ./keyed).
export { useEdgeHighlight, useEdgeViolations, useNodeHighlight, useNodeViolations, useSharedCanvasValue } from './keyed';

/** The one selected step's id (the inspector's subject), or null when none or several are selected. */
export const useSingleSelectedNodeId = (): string | null =>
  useEditorStore((s) => (s.selection.nodeIds.length === 1 && s.selection.edgeIds.length === 0 ? s.selection.nodeIds[0]! : null));

/** Worst severity of a violation list (for borders and strokes). */
export const worstSeverity = (list: readonly Violation[]): Severity | null =>
  list.length === 0 ? null : list.some((v) => v.severity === 'error') ? 'error' : 'warning';
