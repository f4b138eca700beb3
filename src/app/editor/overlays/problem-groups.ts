import { stepNames, type Violation } from '../../../domain';
import { handleLabel } from '../../../domain/paths';
import type { FlowEdge, FlowNode } from '../store';

export interface ProblemItem {
  violation: Violation;
  /** What clicking the item focuses. */
  target: { nodeId?: string; edgeId?: string };
  /** "Connection to End" for edge problems; empty for node problems. */
  where: string;
}

export interface ProblemGroup {
  key: string;
  title: string;
  errors: number;
  items: ProblemItem[];
}

/**
 * Violations grouped by step (edge problems under their source step), errors first inside each
 * group, and groups with errors before groups with only warnings.
 */
export function groupProblems(violations: readonly Violation[], nodes: readonly FlowNode[], edges: readonly FlowEdge[]): ProblemGroup[] {
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  const edgeById = new Map(edges.map((e) => [e.id, e]));
  // Steps by label, numbered when several share one ("Message 2"): the same names the messages use.
  const names = stepNames(nodes.map((n) => ({ id: n.id, type: n.type, data: n.data })));
  const title = (id: string) => names.get(id) ?? 'Step';
  const groups = new Map<string, ProblemGroup>();
  const add = (key: string, groupTitle: string, item: ProblemItem) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, title: groupTitle, errors: 0, items: [] }));
    g.items.push(item);
    if (item.violation.severity === 'error') g.errors++;
  };
  for (const v of violations) {
    if (v.nodeId && nodeById.has(v.nodeId))
      add(`n:${v.nodeId}`, title(v.nodeId), {
        violation: v,
        target: { nodeId: v.nodeId, ...(v.edgeId ? { edgeId: v.edgeId } : {}) },
        where: '',
      });
    else if (v.edgeId && edgeById.has(v.edgeId)) {
      const e = edgeById.get(v.edgeId)!;
      const to = names.get(e.target) ?? 'a missing step';
      const from = nodeById.get(e.source)?.type;
      add(`n:${e.source}`, title(e.source), {
        violation: v,
        target: { edgeId: v.edgeId },
        where: `${e.sourceHandle ? `${handleLabel(from, e.sourceHandle)} → ` : 'Connection to '}${to}`,
      });
    } else add('campaign', 'Whole campaign', { violation: v, target: {}, where: '' });
  }
  const list = [...groups.values()];
  for (const g of list)
    g.items.sort((a, b) => (a.violation.severity === b.violation.severity ? 0 : a.violation.severity === 'error' ? -1 : 1));
  return list.sort((a, b) => (a.errors > 0 === b.errors > 0 ? 0 : a.errors > 0 ? -1 : 1));
}
