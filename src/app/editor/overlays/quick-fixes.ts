import { END_TYPE, placeholderCaseFixes, fixPlaceholderCase, type Violation } from '../../../domain';
import { placeUnderOutput } from '../canvas/placement';
import { editorStore, sizedSteps } from '../store';

/** A problem the Problems list can fix in one click: what its button says, and the fix (one undo step). */
export interface QuickFix {
  label: string;
  apply(): void;
}

/** The field a violation's path names (`nodes.3.data.message_template` → `message_template`). */
const fieldOf = (path: string | undefined): string | undefined => /^nodes\.\d+\.data\.(\w+)$/.exec(path ?? '')?.[1];

/**
 * The one-click fix of a problem, when there is one: an output with no connection gets a new End
 * under it ("Add End here"); a placeholder in the wrong case is written as the one it means
 * ("Use {{firstName}}"). Null for every other problem (the list still takes you to it).
 */
export function quickFixOf(violation: Violation): QuickFix | null {
  const { nodeId } = violation;
  if (!nodeId) return null;
  if (violation.code === 'missing_output')
    return {
      label: 'Add End here',
      apply: () => {
        const s = editorStore.getState();
        const from = s.nodes.find((n) => n.id === nodeId);
        if (!from) return;
        const handle = violation.handle ?? null;
        s.addNode(END_TYPE, placeUnderOutput(sizedSteps(s.nodes), from, handle, END_TYPE), { source: nodeId, sourceHandle: handle });
      },
    };
  const field = fieldOf(violation.path);
  if (violation.code === 'template_invalid' && field) {
    const text = editorStore.getState().nodes.find((n) => n.id === nodeId)?.data[field];
    const fixes = placeholderCaseFixes(text);
    if (typeof text !== 'string' || fixes.length === 0) return null;
    const label = fixes.length === 1 ? `Use {{${fixes[0]!.right}}}` : 'Fix the placeholders';
    return { label, apply: () => editorStore.getState().updateNodeData(nodeId, { [field]: fixPlaceholderCase(text) }, { label }) };
  }
  return null;
}
