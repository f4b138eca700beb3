import type { WorkflowDefinition } from '../../../domain';

/** JSON with object keys sorted, so two equal graphs compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface DiffSide {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface GraphDiff {
  nodes: DiffSide;
  edges: DiffSide;
  /** True when the graphs are the same (positions included). */
  same: boolean;
}

function diffById(base: readonly { id: unknown }[], mine: readonly { id: unknown }[]): DiffSide {
  const before = new Map(base.map((item) => [String(item.id), stableJson(item)]));
  const after = new Map(mine.map((item) => [String(item.id), stableJson(item)]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [id, json] of after) {
    const old = before.get(id);
    if (old === undefined) added.push(id);
    else if (old !== json) changed.push(id);
  }
  const removed = [...before.keys()].filter((id) => !after.has(id));
  return { added, removed, changed };
}

/** What `mine` adds, removes and changes relative to `base`, by node and edge id. */
export function diffDefinitions(base: WorkflowDefinition, mine: WorkflowDefinition): GraphDiff {
  const nodes = diffById(base.nodes ?? [], mine.nodes ?? []);
  const edges = diffById(base.edges ?? [], mine.edges ?? []);
  const same = [nodes, edges].every((d) => d.added.length + d.removed.length + d.changed.length === 0);
  return { nodes, edges, same };
}
